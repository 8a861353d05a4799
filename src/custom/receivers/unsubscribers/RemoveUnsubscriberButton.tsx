import type { Unsubscriber } from '@contract/receivers';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { openSlideOver } from '../../../slideover/events';
import { useCallAccess } from '../../../declarative/useDeclaredAccess';

/**
 * Opens the removal panel of one unsubscriber (the row click does the same); not for a Lezer, and not for
 * the entry an erasure left, which only the person can end (the server refuses it too).
 */
export function RemoveUnsubscriberButton({ unsubscriber }: { unsubscriber: Unsubscriber }) {
  const translate = useTranslate();
  const mayRemove = useCallAccess('unsubscribers', 'remove').shown;
  if (!mayRemove || unsubscriber.erased) return null;
  return (
    <Button
      size="small"
      color="error"
      startIcon={<DeleteOutlineIcon />}
      onClick={(event) => {
        event.stopPropagation();
        openSlideOver('removeGlobalUnsubscriber', { record: unsubscriber });
      }}
      aria-label={`${translate('app.receivers.unsubscribers.remove')}: ${unsubscriber.email}`}
    >
      {translate('app.receivers.unsubscribers.remove_button')}
    </Button>
  );
}
