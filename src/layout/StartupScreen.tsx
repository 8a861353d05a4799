import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

interface StartupScreenProps {
  /** Set when starting failed: the screen then explains and offers a retry instead of the spinner. */
  onRetry?: () => void;
}

/** Full-screen spinner while the environment info loads or sign-in checks run (spec §1). */
export function StartupScreen({ onRetry }: StartupScreenProps) {
  const translate = useTranslate();
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'background.default' }}
    >
      {onRetry ? (
        <Stack spacing={2} alignItems="center" sx={{ maxWidth: 420, textAlign: 'center' }} role="alert">
          <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />
          <Typography variant="h1">{translate('app.startup.error_title')}</Typography>
          <Typography color="text.secondary">{translate('app.startup.error_text')}</Typography>
          <Button variant="contained" onClick={onRetry}>
            {translate('app.startup.retry')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2} alignItems="center" role="status" aria-live="polite">
          <CircularProgress aria-hidden />
          <Typography color="text.secondary">{translate('app.startup.loading')}</Typography>
        </Stack>
      )}
    </Box>
  );
}
