import LogoutIcon from '@mui/icons-material/Logout';
import { Button } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import type { SignOutParams } from '../authProvider/authProvider';

/** Signs out of the console and of the identity provider (so another account can sign in next). */
export function SignOutButton() {
  const translate = useTranslate();
  const logout = useLogout();
  const params: SignOutParams = { endIdentityProviderSession: true };
  return (
    <Button
      color="inherit"
      fullWidth
      startIcon={<LogoutIcon />}
      onClick={() => void logout(params)}
      sx={{
        justifyContent: 'flex-start',
        px: 2,
        py: 1,
        fontWeight: 400,
        '& .MuiButton-startIcon': { mr: 2 },
      }}
    >
      {translate('app.menu.sign_out')}
    </Button>
  );
}
