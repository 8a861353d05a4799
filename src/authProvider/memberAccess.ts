import { roleAllows, type MemberRoleName } from '@contract/memberRoles';
import type { PlatformRole } from '@contract/platform';
import type { AuthProvider } from 'react-admin';
import { roleNeededFor } from '../declarative/declaredOperation';
import type { ResourceDeclaration } from '../declarative/resourceDeclaration';
import type { HttpClient } from '../dataProvider/httpTypes';
import { readSession } from './session';

/** What react-admin's `usePermissions()` answers: the member's role in the selected environment. */
export interface MemberPermissions {
  role: MemberRoleName;
  platformAdmin: boolean;
}

/**
 * react-admin's access control for the authProvider (`canAccess`, `getPermissions`): the member's role
 * comes from GET /platform/me in the selected environment, read once per environment; a call may be made
 * when the role is at least the one the contract's table names for its operation (the same table the
 * server enforces, contract/operationRoles.ts). `canAccess({ resource, action })` takes a declared
 * call: 'list', 'show', 'create', 'edit', 'delete' or a named action of the resource.
 */
export function createMemberAccess(http: HttpClient, resources: readonly ResourceDeclaration[]) {
  const byEnvironment = new Map<string, Promise<MemberPermissions>>();

  const getPermissions = (): Promise<MemberPermissions> => {
    const environmentId = readSession().environmentId ?? '';
    let permissions = byEnvironment.get(environmentId);
    if (!permissions) {
      permissions = http
        .json<PlatformRole>(http.environmentPath('/platform/me'))
        .then(({ data }) => ({ role: data.role ?? 'administrator', platformAdmin: data.platformAdmin }));
      // A failed read is asked again next time rather than remembered.
      permissions.catch(() => byEnvironment.delete(environmentId));
      byEnvironment.set(environmentId, permissions);
    }
    return permissions;
  };

  const canAccess: NonNullable<AuthProvider['canAccess']> = async ({ resource, action }) => {
    const declaration = resources.find((candidate) => candidate.name === resource);
    const needed = declaration && roleNeededFor(declaration, action);
    if (!needed) return true;
    return roleAllows((await getPermissions()).role, needed);
  };

  return {
    getPermissions,
    canAccess,
    /** Reads the role again on the next check (a role changed meanwhile: the server said 403). */
    forget: () => byEnvironment.clear(),
  };
}

export type MemberAccess = ReturnType<typeof createMemberAccess>;
