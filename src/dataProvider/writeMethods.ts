import type { ResourceDeclaration } from '../declarative/resourceDeclaration';

/**
 * The dataProvider methods that may change data; `action` and `upload` are the declared named calls,
 * `changed` a change the console learnt of without making it (an import that ended on the server).
 */
export const writeMethods = [
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
  'action',
  'upload',
  'changed',
] as const;

/**
 * Whether a call of a write method only reads: a named action declared as GET (a CSV export,
 * `platform/me`) or as `readsOnly` (an import's preview).
 */
export function readsOnly(declarations: readonly ResourceDeclaration[]) {
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  return (resource: string, method: string, action: unknown): boolean => {
    if (method !== 'action' && method !== 'upload') return false;
    const endpoint = byName.get(resource)?.api.actions?.[String(action)];
    return endpoint?.method === 'GET' || endpoint?.readsOnly === true;
  };
}
