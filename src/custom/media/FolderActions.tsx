import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { MediaDirectory } from '@contract/media';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DeleteFolderConfirm } from './DeleteFolderConfirm';
import { openRenameFolder } from './mediaSlideOvers';

export interface FolderActionsProps {
  /** The folder shown (never the root, which keeps its name and cannot be deleted). */
  folder: MediaDirectory;
  /** After a rename, with the saved name. */
  onRenamed(name: string): void;
  /** After the folder is deleted. */
  onDeleted(): Promise<void>;
}

/** Next to the breadcrumb: 'Naam wijzigen' (the Rename folder panel) and 'Map verwijderen' (after a confirmation). */
export function FolderActions({ folder, onRenamed, onDeleted }: FolderActionsProps) {
  const translate = useTranslate();
  const [confirmOpen, setConfirmOpen] = useState(false);
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={translate('media.folder_actions.label', { name: folder.name })}
      sx={{ gap: 1, flexWrap: 'wrap' }}
    >
      <Button
        size="small"
        startIcon={<DriveFileRenameOutlineIcon />}
        onClick={() => openRenameFolder(folder, onRenamed)}
      >
        {translate('media.folder_actions.rename')}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteOutlineIcon />}
        onClick={() => setConfirmOpen(true)}
      >
        {translate('media.folder_actions.delete')}
      </Button>
      <DeleteFolderConfirm
        folder={folder}
        isOpen={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onDeleted={onDeleted}
      />
    </Stack>
  );
}
