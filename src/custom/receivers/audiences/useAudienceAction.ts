import { useDataProvider, useNotify } from 'react-admin';
import type { DeclaredDataProvider } from '../../../dataProvider/declaredDataProvider';

/**
 * Runs one of the audiences' named actions (addList, removeList, addFilter, removeFilter) and says so
 * (the dataProvider reloads the audiences and broadcasts 'refreshaudience'). Failures are rethrown for the caller to show.
 */
export function useAudienceAction() {
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const notify = useNotify();
  return async (
    action: string,
    params: { id?: string; data: Record<string, unknown> },
    successMessage: string,
  ) => {
    await dataProvider.action('audiences', action, params);
    notify(successMessage, { type: 'success' });
  };
}
