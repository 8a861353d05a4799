import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { folderPathKey, type FolderPath } from './mediaPath';

/**
 * Reloads a folder the console may hold in its cache without showing it now, e.g. the parent before
 * the explorer goes there after a delete: it then opens with its current content instead of showing
 * the deleted folder for a moment. Resolves when done (also when the reload failed: the folder view
 * shows that failure itself).
 */
export function useRefreshCachedFolder(): (path: FolderPath) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    (path: FolderPath) =>
      queryClient.invalidateQueries({
        // react-admin's key of useGetOne('mediaFolders', { id }), matched on the id alone.
        queryKey: ['mediaFolders', 'getOne', { id: folderPathKey(path) }],
        refetchType: 'all',
      }),
    [queryClient],
  );
}
