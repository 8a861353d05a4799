import { DeleteWithConfirmButton, useNotify, type RaRecord } from 'react-admin';
import type { ResourceDeclaration } from './resourceDeclaration';
import { useLabel } from './useLabel';
import type { TableView } from './viewDeclaration';

/** A row's delete button, confirmed first; the dataProvider refreshes what the delete changed. */
export function DeleteRowButton({
  declaration,
  confirm,
}: {
  declaration: ResourceDeclaration;
  confirm: NonNullable<TableView<RaRecord>['delete']>;
}) {
  const notify = useNotify();
  const label = useLabel();
  return (
    <DeleteWithConfirmButton
      confirmTitle={confirm.confirmTitle}
      confirmContent={confirm.confirmContent}
      // react-admin's default texts name the record's kind; ours is Dutch.
      translateOptions={{ name: label(declaration.label.one).toLowerCase() }}
      redirect={false}
      mutationOptions={{
        onSuccess: () => {
          notify('ra.notification.deleted', { messageArgs: { smart_count: 1 } });
        },
      }}
    />
  );
}
