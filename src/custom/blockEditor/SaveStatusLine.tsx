import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AutosaveState } from './blockAutosave';

/**
 * Where the block's edits are, announced politely to screen readers: 'Opgeslagen', 'Bezig met opslaan…',
 * or why not (with 'Opnieuw proberen' after a failure, and 'Wijzigingen weggooien' to give the edits
 * up on purpose). A conflict has its own alert.
 */
export function SaveStatusLine({
  state,
  onRetry,
  onDiscard,
}: {
  state: AutosaveState;
  onRetry(): void;
  /** Gives the edits up on purpose (the block as saved comes back). */
  onDiscard(): void;
}) {
  const translate = useTranslate();
  const { status } = state;
  const problem = status === 'invalid' || status === 'failed';
  const text =
    status === 'saved'
      ? translate('app.publications.editor.status.saved')
      : status === 'pending' || status === 'saving'
        ? translate('app.publications.editor.status.saving')
        : status === 'invalid'
          ? translate('app.publications.editor.status.invalid')
          : status === 'failed' && state.waitingForServer
            ? translate('app.publications.editor.status.waiting_for_server')
            : status === 'failed'
              ? translate('app.publications.editor.status.failed', { message: state.message ?? '' })
              : translate('app.publications.editor.status.conflict');
  return (
    // Wraps on a narrow screen: squeezed into one row, a button's label spilled over its neighbour, and a
    // tap on 'Opnieuw proberen' landed on 'Wijzigingen weggooien' (the typed edit was thrown away).
    <Stack
      direction="row"
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, minHeight: 32 }}
    >
      {status === 'saved' ? <CheckCircleOutlineIcon fontSize="small" color="success" /> : null}
      {status === 'pending' || status === 'saving' ? <CircularProgress size={16} /> : null}
      {problem || status === 'conflict' ? <ErrorOutlineIcon fontSize="small" color="error" /> : null}
      <Typography
        role="status"
        variant="body2"
        color={problem || status === 'conflict' ? 'error' : 'text.secondary'}
        data-testid="block-save-status"
      >
        {text}
      </Typography>
      {status === 'failed' ? (
        <Button size="small" onClick={onRetry} sx={{ flexShrink: 0 }}>
          {translate('app.publications.editor.status.retry')}
        </Button>
      ) : null}
      {problem ? (
        <Button size="small" color="inherit" onClick={onDiscard} sx={{ flexShrink: 0 }}>
          {translate('app.publications.editor.discard')}
        </Button>
      ) : null}
    </Stack>
  );
}
