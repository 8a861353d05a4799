// The theme shows one media file as the environment's logo (the sidebar, the environments page). It
// refers to the file without a foreign key, so that the media area stays independent; the check in
// fileUsage.ts takes the key's place: the logo, or a folder that holds it, cannot be deleted. It locks
// the theme row, as setting a logo does (themes/themes.ts): a logo cannot be set to a file being deleted.

export const logoFileRefusal = {
  field: 'fileId',
  message: 'Dit bestand is het logo van de omgeving en kan daarom niet worden verwijderd.',
};

export const logoFolderRefusal = {
  field: 'directoryId',
  message: 'In deze map staat het logo van de omgeving; de map kan daarom niet worden verwijderd.',
};
