import type { QueryClient } from '@tanstack/react-query';
import type { DataProvider } from 'react-admin';
import { declaredActionKey } from '../declarative/declaredQueryKey';
import type { ResourceDeclaration } from '../declarative/resourceDeclaration';
import { broadcastRefresh } from './refreshBroadcast';
import { readsOnly, writeMethods } from './writeMethods';

/**
 * What follows every successful write of a declared resource, once, at the data edge (react-admin's
 * `withLifecycleCallbacks` idea): the queries of the resource and of the resources it `invalidates` go
 * stale and refetch, with the declared reads of other resources that `follow` it (useDeclaredQuery keeps
 * them under their resource's key), and the spec's window events it `broadcasts` are dispatched for code
 * outside the console. Views never repeat it; there is no second mechanism. A failed write changes nothing, so nothing follows it.
 * A create, update or action resolves once the shown queries have their new answers, so a panel that
 * closes on success leaves a page that already shows the change (a picker opened right after never offers
 * a stale choice). A delete does not wait: the deleted record's own view is leaving, and its refetch
 * would only answer 'not found'.
 */
export function withAfterSave<TDataProvider extends DataProvider>(
  dataProvider: TDataProvider,
  declarations: readonly ResourceDeclaration[],
  queryClient: QueryClient,
): TDataProvider {
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  const followers = followersOf(declarations);

  function afterSave(resource: string): Promise<unknown> {
    const declaration = byName.get(resource);
    // react-admin's query keys start with the resource name: [resource, 'getList', params]. A refetch
    // that fails leaves its view's own error display; it does not fail the write that succeeded.
    const refetched = [
      [resource],
      ...(declaration?.invalidates ?? []).map((name) => [name]),
      ...(followers.get(resource) ?? []),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey }));
    broadcastRefresh(declaration?.broadcasts ?? []);
    return Promise.all(refetched);
  }

  // A named action that only reads (a CSV export) changes nothing.
  const isRead = readsOnly(declarations);

  const wrapped: Record<string, unknown> = { ...dataProvider };
  for (const method of writeMethods) {
    const write: unknown = dataProvider[method];
    if (typeof write !== 'function') continue;
    wrapped[method] = async (resource: string, ...rest: unknown[]) => {
      const result: unknown = await write.call(dataProvider, resource, ...rest);
      if (isRead(resource, method, rest[0])) return result;
      const refetched = afterSave(resource);
      if (!method.startsWith('delete')) await refetched;
      return result;
    };
  }
  return wrapped as TDataProvider;
}

/** Per resource, the keys of the declared reads of other resources that `follow` it (the deliver check the audiences). */
function followersOf(declarations: readonly ResourceDeclaration[]): Map<string, (readonly string[])[]> {
  const followers = new Map<string, (readonly string[])[]>();
  for (const declaration of declarations) {
    for (const [action, endpoint] of Object.entries(declaration.api.actions ?? {})) {
      for (const followed of endpoint.follows ?? []) {
        followers.set(followed, [
          ...(followers.get(followed) ?? []),
          declaredActionKey(declaration.name, action),
        ]);
      }
    }
  }
  return followers;
}
