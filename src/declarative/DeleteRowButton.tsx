import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { ConfirmRecordDelete } from './ConfirmRecordDelete';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { DeleteDeclaration } from './viewDeclaration';

export interface DeleteRowButtonProps {
  declaration: ResourceDeclaration;
  confirm: DeleteDeclaration;
  /** Call values of the table (e.g. `{listId}`), for the delete call. */
  meta?: Record<string, unknown>;
}

/**
 * A row's delete button. Only the button is rendered per row; the confirmation and its data hooks
 * mount when it is clicked, so 250 rows stay quick to render (react-admin's DeleteWithConfirmButton
 * per row more than doubled a table's render time).
 */
export function DeleteRowButton({ declaration, confirm, meta }: DeleteRowButtonProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  return (
    <>
      <IconButton
        size="small"
        color="error"
        // The ripple's extra elements per row cost more than they add in a table of 250 rows.
        disableRipple
        sx={{ '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' } }}
        aria-label={translate('ra.action.delete')}
        title={translate('ra.action.delete')}
        onClick={(event) => {
          event.stopPropagation();
          setConfirming(true);
        }}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
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
