import type { MediaDirectory } from '@contract/media';
import type { TranslateFunction } from 'react-admin';

/**
 * The question before a folder is deleted, saying what goes with it: 'Map Zomer verwijderen? De map en
 * alles erin (3 bestanden, 1 map) worden verwijderd. …'. Counted from the folder's direct content, which
 * the explorer has at hand; what the sub-folders hold is part of 'alles erin'.
 */
export function folderDeletionQuestion(
  folder: Pick<MediaDirectory, 'name' | 'files' | 'directories'>,
  translate: TranslateFunction,
): string {
  const parts: string[] = [];
  if (folder.files.length > 0)
    parts.push(translate('media.delete_folder.files', { smart_count: folder.files.length }));
  if (folder.directories.length > 0)
    parts.push(translate('media.delete_folder.folders', { smart_count: folder.directories.length }));
  return parts.length === 0
    ? translate('media.delete_folder.confirm_empty', { name: folder.name })
    : translate('media.delete_folder.confirm', { name: folder.name, contents: parts.join(', ') });
}
