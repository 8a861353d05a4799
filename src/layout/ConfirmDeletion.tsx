import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactElement, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface ConfirmDeletionProps {
  isOpen: boolean;
  /** While the deletion runs: both buttons wait. */
  loading?: boolean;
  /** An i18n key or a text; shown in sentence case ('Lijst Wijkkrant verwijderen'). */
  title: string;
  /** An i18n key or a text, or what to show as it is. */
  content: ReactNode;
  /** Values for both texts, e.g. `{ name }`; `titleTranslateOptions` and `contentTranslateOptions` per text. */
  translateOptions?: Record<string, unknown>;
  titleTranslateOptions?: Record<string, unknown>;
  contentTranslateOptions?: Record<string, unknown>;
  /** The confirm button's text; 'Verwijderen' unless the deletion has its own words. */
  confirm?: string;
  /** The plain button's text; 'Annuleren' unless that is what the confirm button does ('Niet annuleren'). */
  cancel?: string;
  /** The confirm button's icon: a bin, unless what is confirmed is no deletion (a send: its own icon). */
  confirmIcon?: ReactElement;
  onConfirm(): void;
  onClose(): void;
}

/**
 * The one way the console asks before it deletes: a sentence-case title, what goes, a plain
 * 'Annuleren' that has the focus (Enter never deletes by accident) and a red 'Verwijderen' with a bin.
 */
export function ConfirmDeletion({
  isOpen,
  loading = false,
  title,
  content,
  translateOptions = {},
  titleTranslateOptions = translateOptions,
  contentTranslateOptions = translateOptions,
  confirm = 'ra.action.delete',
  cancel = 'ra.action.cancel',
  confirmIcon = <DeleteOutlineIcon />,
  onConfirm,
  onClose,
}: ConfirmDeletionProps) {
  const translate = useTranslate();
  const titleId = useId();
  const text = (key: string, options: Record<string, unknown>) => translate(key, { _: key, ...options });
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      // A click in the dialog must not reach a table row behind it.
      onClick={(event) => event.stopPropagation()}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{sentenceCase(text(title, titleTranslateOptions))}</DialogTitle>
      <DialogContent>
        {typeof content === 'string' ? (
          <DialogContentText>{text(content, contentTranslateOptions)}</DialogContentText>
        ) : (
          content
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* The dialog pattern of WAI-ARIA: focus starts on the least destructive choice. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <Button onClick={onClose} disabled={loading} autoFocus>
          {text(cancel, {})}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={loading}
          color="error"
          variant="contained"
          startIcon={confirmIcon}
        >
          {text(confirm, {})}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function sentenceCase(text: string): string {
  return text.charAt(0).toLocaleUpperCase('nl-NL') + text.slice(1);
}
