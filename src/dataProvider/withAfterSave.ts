import type { QueryClient } from '@tanstack/react-query';
import type { DataProvider } from 'react-admin';
import type { ResourceDeclaration } from '../declarative/resourceDeclaration';
import { broadcastRefresh } from '../slideover/refreshEvents';
import { readsOnly, writeMethods } from './writeMethods';

/**
 * What follows every successful write of a declared resource, once, at the data edge (react-admin's
 * `withLifecycleCallbacks` idea): the queries of the resource and of the resources it `invalidates` go
 * stale and refetch, then its refresh events (spec §4) are broadcast on `window` for views outside
 * react-admin's cache. Views never repeat it. A failed write changes nothing, so nothing follows it.
 */
export function withAfterSave<TDataProvider extends DataProvider>(
  dataProvider: TDataProvider,
  declarations: readonly ResourceDeclaration[],
  queryClient: QueryClient,
): TDataProvider {
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));

  function afterSave(resource: string): void {
    const declaration = byName.get(resource);
    // react-admin's query keys start with the resource name: [resource, 'getList', params].
    for (const name of [resource, ...(declaration?.invalidates ?? [])]) {
      void queryClient.invalidateQueries({ queryKey: [name] });
    }
    broadcastRefresh(declaration?.refreshEvents ?? []);
  }

  // A named action that only reads (a CSV export) changes nothing.
  const isRead = readsOnly(declarations);

  const wrapped: Record<string, unknown> = { ...dataProvider };
  for (const method of writeMethods) {
    const write: unknown = dataProvider[method];
    if (typeof write !== 'function') continue;
    wrapped[method] = async (resource: string, ...rest: unknown[]) => {
      const result: unknown = await write.call(dataProvider, resource, ...rest);
      if (!isRead(resource, method, rest[0])) afterSave(resource);
      return result;
    };
  }
  return wrapped as TDataProvider;
}
