import { usePermissions } from 'react-admin';
import type { MemberPermissions } from '../../authProvider/memberAccess';

/**
 * Whether the signed-in user is a platform administrator; false until known. From react-admin's
 * permissions: the one GET /platform/me per environment the access checks read (memberAccess.ts).
 */
export function usePlatformAdmin(): boolean {
  const { permissions } = usePermissions<MemberPermissions | undefined>();
  return permissions?.platformAdmin === true;
}
