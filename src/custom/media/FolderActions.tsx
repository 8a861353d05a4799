import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { MediaDirectory } from '@contract/media';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useCallAccess } from '../../declarative/useDeclaredAccess';
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

/**
 * Next to the breadcrumb: 'Naam wijzigen' (the Rename folder panel) and 'Map verwijderen' (after a
 * confirmation), each as the member's role allows (a Lezer gets neither).
 */
export function FolderActions({ folder, onRenamed, onDeleted }: FolderActionsProps) {
  const translate = useTranslate();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const mayRename = useCallAccess('mediaFolders', 'edit').shown;
  const mayDelete = useCallAccess('mediaFolders', 'delete').shown;
  if (!mayRename && !mayDelete) return null;
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={translate('media.folder_actions.label', { name: folder.name })}
      sx={{ gap: 1, flexWrap: 'wrap' }}
    >
      {mayRename ? (
        <Button
          size="small"
          startIcon={<DriveFileRenameOutlineIcon />}
          onClick={() => openRenameFolder(folder, onRenamed)}
        >
          {translate('media.folder_actions.rename')}
        </Button>
      ) : null}
      {mayDelete ? (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={() => setConfirmOpen(true)}
        >
          {translate('media.folder_actions.delete')}
        </Button>
      ) : null}
      <DeleteFolderConfirm
        folder={folder}
        isOpen={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onDeleted={onDeleted}
      />
    </Stack>
  );
}
