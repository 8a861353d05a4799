import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { broadcastRefresh, type RefreshEventName } from '../slideover/refreshEvents';
import type { ResourceDeclaration } from './resourceDeclaration';

/**
 * What follows every save of a declared resource: its react-admin queries (and those of the
 * resources it `invalidates`) go stale and refetch, then the refresh events are broadcast on
 * `window` for views outside react-admin's cache.
 */
export function useRefreshAfterSave(declaration: ResourceDeclaration) {
  const queryClient = useQueryClient();
  return useCallback(
    (events: readonly RefreshEventName[] = declaration.refreshEvents ?? []) => {
      // react-admin's query keys start with the resource name: [resource, 'getList', params].
      for (const resource of [declaration.name, ...(declaration.invalidates ?? [])]) {
        void queryClient.invalidateQueries({ queryKey: [resource] });
      }
      broadcastRefresh(events);
    },
    [declaration, queryClient],
  );
}
