import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { DeclaredDataProvider } from '../../../dataProvider/declaredDataProvider';
import { broadcastRefresh } from '../../../slideover/refreshEvents';

/**
 * Runs one of the audiences' named actions (addList, removeList, addFilter, removeFilter), then reloads
 * the audiences and broadcasts 'refreshaudience'. Failures are rethrown for the caller to show.
 */
export function useAudienceAction() {
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return async (
    action: string,
    params: { id?: string; data: Record<string, unknown> },
    successMessage: string,
  ) => {
    await dataProvider.action('audiences', action, params);
    await queryClient.invalidateQueries({ queryKey: ['audiences'] });
    broadcastRefresh(['refreshaudience']);
    notify(successMessage, { type: 'success' });
  };
}
