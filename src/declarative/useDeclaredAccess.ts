import { roleAllows } from '@contract/memberRoles';
import { useCallback } from 'react';
import { usePermissions } from 'react-admin';
import type { MemberPermissions } from '../authProvider/memberAccess';
import { allowedRolesText, roleNeededFor, type DeclaredCall } from './declaredOperation';
import type { Label } from './label';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useLabel } from './useLabel';
import { resources } from '../resources';

/** How a declared button shows when the member's role does not allow its call. */
export interface WhenDenied {
  /** Disabled with this reason instead of absent, with `%{roles}`: 'Alleen een %{roles} kan verspreiden.' */
  reason: Label;
  /**
   * A Lezer changes nothing, so a Lezer sees no action at all; only what is open in front of them
   * anyway (a form's submit) says why for a Lezer too.
   */
  alsoForReaders?: true;
}

export interface DeclaredAccess {
  /** Whether the button or form shows at all (not while the role is still being read). */
  shown: boolean;
  /** Shown, but disabled with this reason. */
  deniedReason?: string;
  /**
   * The call may be made: the role allows it (or no access control decides it). False while the role is
   * being read, so an autosaving input starts read-only rather than saving into a 403.
   */
  allowed: boolean;
}

/** The reason a form's submit is disabled: 'Alleen een Redacteur, Verzender of Beheerder kan dit opslaan.' */
export const deniedSave: WhenDenied = { reason: 'declarative.access.denied_save', alsoForReaders: true };

/**
 * Whether the member may make declared calls of a resource: the role from react-admin's
 * `usePermissions()` (authProvider.getPermissions, one read per environment) against the least role the
 * contract's table names for the call's operation, as the server enforces it (and as the authProvider's
 * `canAccess` answers react-admin's own components). A call the role does not allow is absent, or
 * disabled with the reason when the declaration says `whenDenied` (not for a Lezer, who sees no actions). No call, or no access control
 * (an authProvider without permissions, a failed read: the server still refuses): shown.
 */
export function useDeclaredAccessCheck(
  declaration: ResourceDeclaration,
): (call: DeclaredCall | undefined, whenDenied?: WhenDenied) => DeclaredAccess {
  const label = useLabel();
  const { permissions, isPending } = usePermissions<MemberPermissions | undefined>();
  const role = permissions?.role;
  return useCallback(
    (call, whenDenied) => {
      const needed = call === undefined ? undefined : roleNeededFor(declaration, call);
      if (!needed) return { shown: true, allowed: true };
      if (!role) return { shown: !isPending, allowed: !isPending };
      if (roleAllows(role, needed)) return { shown: true, allowed: true };
      if (!whenDenied || (role === 'reader' && !whenDenied.alsoForReaders))
        return { shown: false, allowed: false };
      return {
        shown: true,
        allowed: false,
        deniedReason: label(whenDenied.reason, { roles: allowedRolesText(needed) }),
      };
    },
    [declaration, role, isPending, label],
  );
}

/**
 * Another call that does the same for a lower role, so the button is allowed to whoever may make either:
 * 'Verspreiden' creates a job for a Verzender and asks approval (`{ resource: 'approvals', call: 'create' }`)
 * for a Redacteur; the server's deliver check then says which one the send takes.
 */
export interface OrCall {
  resource: DeclaredResourceName;
  call: DeclaredCall;
}

/** The access to `call`, or to `orCall` when only that one is allowed; the first call's reason when neither. */
function eitherAccess(
  access: DeclaredAccess,
  orCall: OrCall | undefined,
  checkOr: (call: DeclaredCall | undefined, whenDenied?: WhenDenied) => DeclaredAccess,
  whenDenied: WhenDenied | undefined,
): DeclaredAccess {
  if (access.allowed || !orCall) return access;
  const alternative = checkOr(orCall.call, whenDenied);
  return alternative.allowed ? alternative : access;
}

/** `useDeclaredAccessCheck` for one call (or its `orCall`). */
export function useDeclaredAccess(
  declaration: ResourceDeclaration,
  call: DeclaredCall | undefined,
  whenDenied?: WhenDenied,
  orCall?: OrCall,
): DeclaredAccess {
  const check = useDeclaredAccessCheck(declaration);
  const checkOr = useDeclaredAccessCheck(orCall ? declarationNamed(orCall.resource) : declaration);
  return eitherAccess(check(call, whenDenied), orCall, checkOr, whenDenied);
}

/** The name of a declared resource (src/resources), e.g. 'mediaFiles'. */
export type DeclaredResourceName = string;

function declarationNamed(name: DeclaredResourceName): ResourceDeclaration {
  const declaration = resources.find((candidate) => candidate.name === name);
  if (!declaration) throw new Error(`No declared resource '${name}'`);
  return declaration;
}

/**
 * The same check for a custom screen, by resource name (react-admin's `useCanAccess({ resource, action })`
 * in words, answered synchronously from the one role read): whether the member may make a call of a
 * declared resource. `useCallAccess('mediaFiles', 'upload')`; with `whenDenied` a Redacteur gets the
 * reason to show with `DeniedButton`, while a Lezer never sees the action; with `orCall` either call will do.
 */
export function useCallAccess(
  resource: DeclaredResourceName,
  call: DeclaredCall,
  whenDenied?: WhenDenied,
  orCall?: OrCall,
): DeclaredAccess {
  return useDeclaredAccess(declarationNamed(resource), call, whenDenied, orCall);
}
