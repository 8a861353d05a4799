/** Extensions the gallery previews as images (spec §2, §9); other files get a document icon. */
export const previewExtensions = ['.jpg', '.jpeg', '.gif', '.png', '.webp', '.svg'] as const;

/** Whether a file tile shows an image preview (by extension, ignoring case). */
export function isPreviewable(extension: string): boolean {
  return (previewExtensions as readonly string[]).includes(extension.toLowerCase());
}

/** The extension as the document icon shows it: `.pdf` -> `PDF`; none -> `?`. */
export function extensionLabel(extension: string): string {
  const label = extension.replace(/^\./, '').toUpperCase();
  return label === '' ? '?' : label;
}

/** The root folder's name (spec §9). */
export const rootFolderName = 'Media';

/** Whether the folder is the root folder named Media (spec §2, §9): a folder without parent. */
export function isRootFolder(folder: { name: string; parentDirectoryId: string | null }): boolean {
  return folder.parentDirectoryId === null && folder.name === rootFolderName;
}

/**
 * The 'Terug' tile goes up one folder; it is shown everywhere except at the root folder named Media
 * (spec §2).
 */
export function showsBackTile(folder: { name: string; parentDirectoryId: string | null }): boolean {
  return !isRootFolder(folder);
}
