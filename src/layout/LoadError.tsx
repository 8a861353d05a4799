import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { serverMessage } from '../dataProvider/serverMessage';

export interface LoadErrorProps {
  /** The failure; its message is the server's Dutch text (see dataProvider/serverError). */
  error?: unknown;
  /** Replaces the failure's own message, e.g. 'De blokken konden niet worden geladen.' */
  message?: string;
  /** Asks again: 'Opnieuw proberen'. */
  onRetry: () => void;
}

/**
 * The console's one display of a failed load: what went wrong and 'Opnieuw proberen', instead of the
 * empty state ('Er zijn nog geen publicaties…') that would tell the user something untrue.
 */
export function LoadError({ error, message: ownMessage, onRetry }: LoadErrorProps) {
  const translate = useTranslate();
  const message = ownMessage ?? serverMessage(error, translate('app.load_error.message'));
  return (
    <Box sx={{ p: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry}>
            {translate('app.load_error.retry')}
          </Button>
        }
      >
        {message}
      </Alert>
    </Box>
  );
}
