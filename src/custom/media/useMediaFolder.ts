import type { MediaDirectory } from '@contract/media';
import { useGetOne, type HttpError } from 'react-admin';
import { folderPathKey, type FolderPath } from './mediaPath';

/**
 * One folder with its sub-folders and files (`GET /media/{path}` through the 'mediaFolders' resource).
 * Read again after every change of a folder, file or tag (withAfterSave: uploads, renames, deletes).
 */
export function useMediaFolder(path: FolderPath) {
  return useGetOne<MediaDirectory, HttpError>(
    'mediaFolders',
    { id: folderPathKey(path) },
    // A missing folder is an answer, not a reason to retry.
    { retry: false, placeholderData: (previous) => previous },
  );
}
