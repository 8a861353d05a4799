import { useNotify } from 'react-admin';
import type { DeclaredActions } from '../../../resources';
import { useDeclaredDataProvider } from '../../../resources/useDeclaredDataProvider';

/**
 * Runs one of the audiences' named actions (addList, removeList, addFilter, removeFilter) and says so
 * (the dataProvider reloads the audiences). Failures are rethrown for the caller to show.
 */
export function useAudienceAction() {
  const dataProvider = useDeclaredDataProvider();
  const notify = useNotify();
  return async (
    action: keyof DeclaredActions['audiences'] & string,
    params: { id?: string; data: Record<string, unknown> },
    successMessage: string,
  ) => {
    await dataProvider.action('audiences', action, params);
    notify(successMessage, { type: 'success' });
  };
}
