import { useState } from 'react';
import type { RaRecord } from 'react-admin';
import { ConfirmRecordDelete } from './ConfirmRecordDelete';
import type { ResourceDeclaration } from './resourceDeclaration';
import { tableRowClasses } from './tableRowClasses';
import type { DeleteDeclaration } from './viewDeclaration';

export interface DeleteRowButtonProps {
  declaration: ResourceDeclaration;
  record: RaRecord;
  confirm: DeleteDeclaration;
  /** Call values of the table (e.g. `{listId}`), for the delete call. */
  meta?: Record<string, unknown>;
  /** The button's accessible name and tooltip ('Verwijderen'), translated once for the table. */
  label: string;
}

// Material's 'Delete' icon (@mui/icons-material/Delete), drawn without SvgIcon: one element for all rows.
const deleteIcon = (
  <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24">
    <path d="M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z" />
  </svg>
);

/**
 * A row's delete button. Only a plain button is rendered per row (styled by the table,
 * `tableRowClasses.delete`); the confirmation and its data hooks mount when it is clicked, so 250 rows
 * stay quick to render (react-admin's DeleteWithConfirmButton per row more than doubled a table's
 * render time, an IconButton per row cost its share of the styling: docs/performance.md).
 */
export function DeleteRowButton({ declaration, record, confirm, meta, label }: DeleteRowButtonProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        className={tableRowClasses.delete}
        aria-label={label}
        title={label}
        onClick={(event) => {
          event.stopPropagation();
          setConfirming(true);
        }}
      >
        {deleteIcon}
      </button>
      {confirming ? (
        <ConfirmRecordDelete
          declaration={declaration}
          record={record}
          confirm={confirm}
          meta={meta}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
