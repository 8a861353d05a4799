import { Box, List } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSession } from '../authProvider/useSession';
import { MenuLink } from './MenuLink';
import { usePlatformAdmin } from '../custom/platform/usePlatformAdmin';
import { environmentsMenuEntry, mainMenuEntries, platformMenuEntry, settingsMenuEntry } from './menuEntries';

interface MenuProps {
  onNavigate?: () => void;
}

/**
 * The sidebar navigation (spec §2): the areas at the top; Instellingen pinned to the bottom, with
 * Omgevingen above it for users who may work in more than one environment.
 */
export function Menu({ onNavigate }: MenuProps) {
  const translate = useTranslate();
  const { availableEnvironmentCount = 0 } = useSession();
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
        {platformAdmin && <MenuLink entry={platformMenuEntry} onNavigate={onNavigate} />}
        {availableEnvironmentCount > 1 && <MenuLink entry={environmentsMenuEntry} onNavigate={onNavigate} />}
        <MenuLink entry={settingsMenuEntry} onNavigate={onNavigate} />
      </List>
    </Box>
  );
}
