import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Confirm, type ConfirmProps } from 'react-admin';

/**
 * react-admin's `Confirm` for an action that removes something: the confirm button says 'Verwijderen',
 * in the warning colour with a bin, so every deletion in the console asks the same way.
 */
export function ConfirmDeletion(props: ConfirmProps) {
  return (
    <Confirm confirm="ra.action.delete" confirmColor="warning" ConfirmIcon={DeleteOutlineIcon} {...props} />
  );
}
