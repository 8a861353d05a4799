import type { MediaDirectory } from '@contract/media';
import { useDataProvider, useTranslate } from 'react-admin';
import { ConfirmedRun } from '../../declarative/ConfirmedRun';
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
  const dataProvider = useDataProvider();

  return (
    <ConfirmedRun
      isOpen={isOpen}
      title={translate('media.delete_folder.title')}
      content={folderDeletionQuestion(folder, translate)}
      confirm={translate('media.delete_folder.submit')}
      // Called directly rather than through useDelete: the folder cache is keyed by path, not by this id.
      run={() => dataProvider.delete<MediaDirectory>('mediaFolders', { id: folder.id, previousData: folder })}
      onDone={onDeleted}
      successMessage="media.delete_folder.deleted"
      successArgs={{ name: folder.name }}
      failureMessage="media.delete_folder.failed"
      onClose={onClose}
    />
  );
}
