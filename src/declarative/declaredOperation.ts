import { memberRoleLabels, rolesAllowed, type MemberRoleName } from '@contract/memberRoles';
import { operationRoles, type OperationAccess } from '@contract/operationRoles';
import type { Endpoint } from './apiMapping';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { FormSave } from './viewDeclaration';

/**
 * What a declared button or form calls, in react-admin's words for `canAccess`: 'list', 'show',
 * 'create', 'edit' (update), 'delete', or the name of one of the resource's actions.
 */
export type DeclaredCall = string;

const verbOfCall: Record<string, 'getList' | 'getOne' | 'create' | 'update' | 'delete'> = {
  list: 'getList',
  show: 'getOne',
  create: 'create',
  edit: 'update',
  delete: 'delete',
};

/** The call a form's save makes: `create`, `edit` or its named action. */
export function callOfSave(save: FormSave): DeclaredCall {
  if (save === 'create') return 'create';
  if (save === 'update') return 'edit';
  return save.action;
}

/** The declared endpoint behind a call; undefined when the resource declares none for it. */
export function endpointOfCall(
  declaration: ResourceDeclaration,
  call: DeclaredCall,
): Endpoint<unknown> | undefined {
  const verb = verbOfCall[call];
  const api = declaration.api;
  if (verb === 'getOne') return api.getOne ?? api.getList;
  return (verb ? api[verb] : undefined) ?? api.actions?.[call];
}

// Parameter names differ between the console's templates and the server's routes ({listId}, {id}): an
// operation is matched on its method and its path with every parameter unnamed.
// A template's `{name*}` may carry its own leading slash ('/media{id*}' for the server's '/media/{path}').
const unnamed = (key: string) => key.replace(/([^/])\{[^}]*\*\}/g, '$1/{}').replace(/\{[^}]*\}/g, '{}');
const accessByUnnamedKey = new Map<string, OperationAccess>(
  Object.entries(operationRoles).map(([key, access]) => [unnamed(key), access]),
);

/** Who may make a declared call, from the contract's table; undefined for a call the table lacks. */
export function accessOfCall(
  declaration: ResourceDeclaration,
  call: DeclaredCall,
): OperationAccess | undefined {
  const endpoint = endpointOfCall(declaration, call);
  if (!endpoint) return undefined;
  return accessByUnnamedKey.get(unnamed(`${endpoint.method} /api/1/{environmentId}${endpoint.path}`));
}

/** The least role a declared call needs; undefined when no role of the environment decides it. */
export function roleNeededFor(
  declaration: ResourceDeclaration,
  call: DeclaredCall,
): MemberRoleName | undefined {
  const access = accessOfCall(declaration, call);
  return access === 'reader' || access === 'editor' || access === 'sender' || access === 'administrator'
    ? access
    : undefined;
}

/** 'Verzender of Beheerder': the roles that may do what needs `needed`, for a reason shown in the console. */
export function allowedRolesText(needed: MemberRoleName): string {
  return rolesAllowed(needed)
    .map((role) => memberRoleLabels[role])
    .join(', ')
    .replace(/, ([^,]*)$/, ' of $1');
}
