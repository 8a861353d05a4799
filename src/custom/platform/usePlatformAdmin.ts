import { useSession } from '../../authProvider/useSession';
import { useDeclaredQuery } from '../../declarative/useDeclaredQuery';

/** Whether the signed-in user is a platform administrator (GET /platform/me); false until known. */
export function usePlatformAdmin(): boolean {
  const { environmentId } = useSession();
  // Read per environment: a switch of environment drops the cache (useSwitchEnvironment).
  const { data } = useDeclaredQuery('platformEnvironments', 'me', {}, { enabled: !!environmentId });
  return data?.platformAdmin === true;
}
