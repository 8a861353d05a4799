import type { Subscriber } from '@contract/receivers';
import DeleteIcon from '@mui/icons-material/Delete';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmSubscriberDelete } from './ConfirmSubscriberDelete';

/**
 * A row's delete button in the subscribers table. Only the button is rendered per row; the
 * confirmation and its data hooks mount when it is clicked, so 250 rows stay quick to render
 * (react-admin's DeleteWithConfirmButton per row more than doubled the table's render time).
 */
export function DeleteSubscriberButton({ subscriber }: { subscriber: Subscriber }) {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
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
        <ConfirmSubscriberDelete subscriber={subscriber} onClose={() => setConfirming(false)} />
      ) : null}
    </>
  );
}
