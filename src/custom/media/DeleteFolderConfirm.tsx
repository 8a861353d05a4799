import type { MediaDirectory } from '@contract/media';
import { useState } from 'react';
import { HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ConfirmDeletion } from '../../layout/ConfirmDeletion';
import { folderDeletionQuestion } from './folderDeletionQuestion';

export interface DeleteFolderConfirmProps {
  folder: MediaDirectory;
  isOpen: boolean;
  onClose(): void;
  /** Runs after the folder is gone, before the dialog closes: the explorer goes to the parent. */
  onDeleted(): Promise<void>;
}

/**
 * 'Map {name} verwijderen?' with what goes with it; on confirmation `DELETE /directory/{id}` removes the
 * folder and everything in it. A failure closes the dialog and says why, as deleting a file does.
 */
export function DeleteFolderConfirm({ folder, isOpen, onClose, onDeleted }: DeleteFolderConfirmProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      // Called directly rather than through useDelete: the folder cache is keyed by path, not by this id.
      await dataProvider.delete<MediaDirectory>('mediaFolders', { id: folder.id, previousData: folder });
    } catch (failure) {
      setDeleting(false);
      onClose();
      notify(
        failure instanceof HttpError && failure.message ? failure.message : 'media.delete_folder.failed',
        { type: 'error' },
      );
      return;
    }
    await onDeleted();
    setDeleting(false);
    onClose();
    notify('media.delete_folder.deleted', { type: 'success', messageArgs: { name: folder.name } });
  };

  return (
    <ConfirmDeletion
      isOpen={isOpen}
      loading={deleting}
      title={translate('media.delete_folder.title')}
      content={folderDeletionQuestion(folder, translate)}
      confirm={translate('media.delete_folder.submit')}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
