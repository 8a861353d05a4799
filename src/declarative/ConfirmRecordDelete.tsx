import { useDelete, useGetRecordRepresentation, type RaRecord } from 'react-admin';
import { ConfirmedRun } from './ConfirmedRun';
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
  const representation = useGetRecordRepresentation(declaration.name);
  const [remove] = useDelete();
  const names = { name: label(declaration.label.one), recordRepresentation: String(representation(record)) };

  return (
    <ConfirmedRun
      isOpen
      title={confirm.confirmTitle ?? 'ra.message.delete_title'}
      content={confirm.confirmContent ?? 'ra.message.delete_content'}
      translateOptions={names}
      run={() =>
        remove(
          declaration.name,
          { id: record.id, previousData: record, meta },
          { mutationMode: 'pessimistic', returnPromise: true },
        )
      }
      onDone={onDeleted}
      successMessage={confirm.successMessage ?? 'declarative.notification.deleted'}
      successArgs={{ smart_count: 1, ...names, resource: names.name }}
      onClose={onClose}
    />
  );
}
