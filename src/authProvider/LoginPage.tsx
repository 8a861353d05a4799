import ApartmentIcon from '@mui/icons-material/Apartment';
import LoginIcon from '@mui/icons-material/Login';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocation, useLogin, useTranslate } from 'react-admin';
import type { SignInParams } from './authProvider';
import { chooseSignInMethod } from './signInMethod';
import { lastSignInError, signInErrorMessageKey } from './signInErrors';

/** react-admin puts the page the user wanted into the login route's state. */
interface LoginLocationState {
  nextPathname?: string;
  nextSearch?: string;
}

/**
 * The sign-in screen (spec §1): the product name and one 'Inloggen' button. The identity provider
 * does the rest, in a popup on desktop and by redirect on phones. A failed sign-in shows here in Dutch.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const location = useLocation();
  const [errorKey, setErrorKey] = useState<string | undefined>(lastSignInError);
  const [busy, setBusy] = useState(false);
  const method = chooseSignInMethod();

  async function signIn() {
    setBusy(true);
    setErrorKey(undefined);
    const state = (location.state ?? {}) as LoginLocationState;
    const params: SignInParams = {
      returnTo: state.nextPathname ? `${state.nextPathname}${state.nextSearch ?? ''}` : undefined,
    };
    try {
      await login(params);
    } catch (error) {
      setErrorKey(signInErrorMessageKey(error));
      setBusy(false);
    }
  }

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: (theme) =>
          `linear-gradient(160deg, ${theme.palette.primary.main} 0%, ${theme.palette.primary.dark} 55%, #0b2545 100%)`,
      }}
    >
      <Card variant="elevation" elevation={8} sx={{ width: '100%', maxWidth: 420, borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Stack spacing={3} alignItems="center" sx={{ textAlign: 'center' }}>
            <Box
              role="img"
              aria-label={translate('app.login.logo_placeholder')}
              sx={{
                width: 80,
                height: 80,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'grey.100',
                color: 'primary.main',
                border: 1,
                borderColor: 'grey.300',
              }}
            >
              <ApartmentIcon sx={{ fontSize: 40 }} />
            </Box>
            <Box>
              <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
                {translate('app.login.title')}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {translate('app.login.subtitle')}
              </Typography>
            </Box>
            {errorKey && (
              <Alert severity="error" sx={{ width: '100%', textAlign: 'left' }}>
                {translate(errorKey)}
              </Alert>
            )}
            <Button
              variant="contained"
              size="large"
              fullWidth
              onClick={() => void signIn()}
              disabled={busy}
              startIcon={busy ? <CircularProgress size={20} color="inherit" /> : <LoginIcon />}
              sx={{ py: 1.5, fontSize: '1rem' }}
            >
              {translate(busy ? 'app.login.busy' : 'app.login.button')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {translate(method === 'popup' ? 'app.login.hint_popup' : 'app.login.hint_redirect')}
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
