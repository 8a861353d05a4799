import { useDelete, useGetRecordRepresentation, useNotify, type RaRecord } from 'react-admin';
import { ConfirmDeletion } from '../layout/ConfirmDeletion';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useLabel } from './useLabel';
import type { DeleteDeclaration } from './viewDeclaration';

export interface ConfirmRecordDeleteProps {
  declaration: ResourceDeclaration;
  record: RaRecord;
  confirm: DeleteDeclaration;
  meta?: Record<string, unknown>;
  onClose(): void;
  /** After the deletion, e.g. leaving the deleted record's page. */
  onDeleted?(): void;
}

/**
 * Asks before a declared record is deleted ('Lijst Wijkkrant verwijderen'), then deletes it
 * (pessimistic: the record goes only once the server has deleted it). A refusal shows the server's message.
 */
export function ConfirmRecordDelete({
  declaration,
  record,
  confirm,
  meta,
  onClose,
  onDeleted,
}: ConfirmRecordDeleteProps) {
  const label = useLabel();
  const notify = useNotify();
  const representation = useGetRecordRepresentation(declaration.name);
  const [remove, { isPending }] = useDelete();
  const names = { name: label(declaration.label.one), recordRepresentation: String(representation(record)) };

  const deleteRecord = () =>
    remove(
      declaration.name,
      { id: record.id, previousData: record, meta },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          onClose();
          notify(confirm.successMessage ?? 'declarative.notification.deleted', {
            type: 'success',
            messageArgs: { smart_count: 1, ...names, resource: names.name },
          });
          onDeleted?.();
        },
        onError: (error) => {
          onClose();
          // The server's Dutch message is shown as it is, not looked up as a translation key.
          const message =
            error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
          notify(message, { type: 'error', messageArgs: { _: message } });
        },
      },
    );

  return (
    <ConfirmDeletion
      isOpen
      loading={isPending}
      title={confirm.confirmTitle ?? 'ra.message.delete_title'}
      content={confirm.confirmContent ?? 'ra.message.delete_content'}
      translateOptions={names}
      onConfirm={deleteRecord}
      onClose={onClose}
    />
  );
}
