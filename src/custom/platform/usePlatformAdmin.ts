import type { PlatformRole } from '@contract/platform';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useSession } from '../../authProvider/useSession';
import type { DeclaredDataProvider } from '../../dataProvider/declaredDataProvider';

/** Whether the signed-in user is a platform administrator (GET /platform/me); false until known. */
export function usePlatformAdmin(): boolean {
  const { environmentId } = useSession();
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const { data } = useQuery({
    queryKey: ['platformRole', environmentId],
    queryFn: async () => (await dataProvider.action<PlatformRole>('platformEnvironments', 'me')).data,
    enabled: !!environmentId,
    staleTime: Infinity,
    retry: false,
  });
  return data?.platformAdmin === true;
}
