import CloseIcon from '@mui/icons-material/Close';
import { Box, Divider, IconButton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSession } from '../authProvider/useSession';
import { Menu } from './Menu';
import { SidebarHeader } from './SidebarHeader';
import { SignOutButton } from './SignOutButton';

interface SidebarProps {
  /** Set in the slide-in menu: a menu choice closes it, and a close button shows. */
  onClose?: () => void;
}

/** The sidebar's content: environment, navigation, the signed-in user and sign-out. */
export function Sidebar({ onClose }: SidebarProps) {
  const translate = useTranslate();
  const { userName, userEmail } = useSession();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%', position: 'relative' }}>
      {onClose && (
        <IconButton
          onClick={onClose}
          aria-label={translate('app.menu.close')}
          sx={{ position: 'absolute', top: 8, right: 8 }}
        >
          <CloseIcon />
        </IconButton>
      )}
      <SidebarHeader />
      <Divider />
      <Menu onNavigate={onClose} />
      <Divider />
      {(userName || userEmail) && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5, overflowWrap: 'anywhere' }}>
          {translate('app.menu.signed_in_as', { name: userName ?? userEmail })}
        </Typography>
      )}
      {/* A button of its own, not an item of the navigation's lists: it leaves rather than navigates. */}
      <Box sx={{ p: 1 }}>
        <SignOutButton />
      </Box>
    </Box>
  );
}
