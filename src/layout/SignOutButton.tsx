import LogoutIcon from '@mui/icons-material/Logout';
import { ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import type { SignOutParams } from '../authProvider/authProvider';

/** Signs out of the console and of the identity provider (so another account can sign in next). */
export function SignOutButton() {
  const translate = useTranslate();
  const logout = useLogout();
  const params: SignOutParams = { endIdentityProviderSession: true };
  // An item of the sidebar's list (a list holds only items: axe's 'list' rule).
  return (
    <ListItem disablePadding>
      <ListItemButton onClick={() => void logout(params)} sx={{ borderRadius: 1 }}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <LogoutIcon />
        </ListItemIcon>
        <ListItemText primary={translate('app.menu.sign_out')} />
      </ListItemButton>
    </ListItem>
  );
}
