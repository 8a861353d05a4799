import type { MediaDirectory } from '@contract/media';
import { useGetOne, type HttpError } from 'react-admin';
import { useRefreshEvents } from '../../slideover/refreshEvents';
import { folderPathKey, type FolderPath } from './mediaPath';

/**
 * One folder with its sub-folders and files (`GET /media/{path}` through the 'mediaFolders' resource).
 * Reloads on `refreshmedia` (after uploads, renames, deletes and new folders).
 */
export function useMediaFolder(path: FolderPath) {
  const query = useGetOne<MediaDirectory, HttpError>(
    'mediaFolders',
    { id: folderPathKey(path) },
    // A missing folder is an answer, not a reason to retry.
    { retry: false, placeholderData: (previous) => previous },
  );
  useRefreshEvents(['refreshmedia'], () => void query.refetch());
  return query;
}
