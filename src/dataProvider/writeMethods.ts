import type { ResourceDeclaration } from '../declarative/resourceDeclaration';

/** The dataProvider methods that may change data; `action` is the declared named calls. */
export const writeMethods = ['create', 'update', 'updateMany', 'delete', 'deleteMany', 'action'] as const;

/** Whether a call of a write method only reads: a named action declared as GET (a CSV export, `platform/me`). */
export function readsOnly(declarations: readonly ResourceDeclaration[]) {
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  return (resource: string, method: string, action: unknown): boolean =>
    method === 'action' && byName.get(resource)?.api.actions?.[String(action)]?.method === 'GET';
}
