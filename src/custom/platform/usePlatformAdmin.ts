import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../authProvider/useSession';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';

/** Whether the signed-in user is a platform administrator (GET /platform/me); false until known. */
export function usePlatformAdmin(): boolean {
  const { environmentId } = useSession();
  const dataProvider = useDeclaredDataProvider();
  const { data } = useQuery({
    queryKey: ['platformRole', environmentId],
    queryFn: async () => (await dataProvider.action('platformEnvironments', 'me')).data,
    enabled: !!environmentId,
    staleTime: Infinity,
    retry: false,
  });
  return data?.platformAdmin === true;
}
