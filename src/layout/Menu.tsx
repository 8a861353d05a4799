import { Box, List } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSession } from '../authProvider/useSession';
import { MenuLink } from './MenuLink';
import { usePlatformAdmin } from '../custom/platform/usePlatformAdmin';
import {
  environmentsMenuEntry,
  mailCatcherMenuEntry,
  mainMenuEntries,
  platformMenuEntry,
  settingsMenuEntry,
} from './menuEntries';

interface MenuProps {
  onNavigate?: () => void;
}

/**
 * The sidebar navigation (spec §2): the areas at the top; Instellingen pinned to the bottom, with
 * Omgevingen above it for users who may work in more than one environment, and 'Verzonden berichten'
 * on a test installation whose server keeps sent mail.
 */
export function Menu({ onNavigate }: MenuProps) {
  const translate = useTranslate();
  const { availableEnvironmentCount = 0, mailCatcher = false } = useSession();
  const platformAdmin = usePlatformAdmin();

  return (
    <Box
      component="nav"
      aria-label={translate('app.menu.navigation')}
      sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1 }}
    >
      <List>
        {mainMenuEntries.map((entry) => (
          <MenuLink key={entry.path} entry={entry} onNavigate={onNavigate} />
        ))}
      </List>
      <Box sx={{ flexGrow: 1 }} />
      <List>
        {mailCatcher && <MenuLink entry={mailCatcherMenuEntry} onNavigate={onNavigate} />}
        {platformAdmin && <MenuLink entry={platformMenuEntry} onNavigate={onNavigate} />}
        {availableEnvironmentCount > 1 && <MenuLink entry={environmentsMenuEntry} onNavigate={onNavigate} />}
        <MenuLink entry={settingsMenuEntry} onNavigate={onNavigate} />
      </List>
    </Box>
  );
}
