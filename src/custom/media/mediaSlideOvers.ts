import type { MediaDirectory, MediaDirectorySummary, MediaFile } from '@contract/media';
import { openSlideOver } from '../../slideover/events';

/** What the 'selectMediaDirectory' panel hands to `onSelect`: the folder and its path ('/' for the root). */
export interface SelectedMediaDirectory {
  id: string;
  name: string;
  path: string;
}

/** Opens File details for one file (from a gallery tile). */
export function openFileDetails(file: Pick<MediaFile, 'id'>): void {
  openSlideOver('fileDetails', { fileId: file.id });
}

/** Opens New folder for the folder the user is in ('Voeg een nieuwe map toe aan {folder}'). */
export function openNewFolder(folder: Pick<MediaDirectory, 'id' | 'name'>): void {
  openSlideOver('newFolder', { meta: { parentDirectory: folder.id, folder: folder.name } });
}

/**
 * Opens Rename folder for a folder below the root; `onRenamed` receives the saved name (the explorer
 * follows it in the URL).
 */
export function openRenameFolder(folder: MediaDirectorySummary, onRenamed: (name: string) => void): void {
  const { id, name, parentDirectoryId } = folder;
  openSlideOver('renameFolder', {
    record: { id, name, parentDirectoryId },
    onSaved: (saved: MediaDirectorySummary) => onRenamed(saved.name),
  });
}

/**
 * Lets the user pick a file of the media library (uploading one on the way if needed); the panel
 * closes after the choice. For other areas, e.g. the theme's logo:
 *
 *   openMediaFilePicker({ onSelect: (file) => setLogo(file.id) });
 */
export function openMediaFilePicker({ onSelect }: { onSelect(file: MediaFile): void }): void {
  openSlideOver('selectMediaFile', { onSelect });
}

/** Lets the user pick a folder of the media library ('Selecteren' takes the folder shown). */
export function openMediaDirectoryPicker({
  onSelect,
}: {
  onSelect(folder: SelectedMediaDirectory): void;
}): void {
  openSlideOver('selectMediaDirectory', { onSelect });
}
