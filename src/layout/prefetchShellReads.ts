import type { QueryClient } from '@tanstack/react-query';
import { readSession } from '../authProvider/session';
import { environmentThemeQuery } from '../environments/useEnvironmentTheme';
import type { ConsoleServices } from '../startConsole';

/**
 * On a reload of a signed-in tab, what every page waits for is asked for next to the page's own reads
 * (prefetchRouteReads) instead of once the layout has mounted: the environment's theme (ThemeGate shows
 * nothing before it) and the member's role (react-admin's `canAccess`, which a list waits for before it
 * reads). Both land where their hooks look: the query cache and the authProvider's role read.
 */
export function prefetchShellReads(
  { authProvider, dataProvider }: Pick<ConsoleServices, 'authProvider' | 'dataProvider'>,
  queryClient: QueryClient,
): void {
  const { environmentId } = readSession();
  if (!environmentId) return;
  // A failed read is not remembered (memberAccess): the access check asks again and reports it.
  authProvider.getPermissions?.({})?.catch(() => undefined);
  void queryClient.prefetchQuery(environmentThemeQuery(environmentId, dataProvider));
}
