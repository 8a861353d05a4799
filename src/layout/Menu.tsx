import { Box, List } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSession } from '../authProvider/useSession';
import type { MenuCondition } from '../declarative/menuDeclaration';
import { menuEntries } from '../declarative/menuEntries';
import { pages, resources } from '../resources';
import { MenuLink } from './MenuLink';
import { usePlatformAdmin } from '../custom/platform/usePlatformAdmin';

interface MenuProps {
  onNavigate?: () => void;
}

// Derived once: the declarations do not change while the console runs.
const entries = menuEntries(resources, pages);

/**
 * The sidebar navigation (spec §2), derived from the declarations' menu entries: the areas at the
 * top; Instellingen pinned to the bottom, with Omgevingen above it for users who may work in more
 * than one environment, and 'Verzonden berichten' on a test installation whose server keeps sent mail.
 */
export function Menu({ onNavigate }: MenuProps) {
  const translate = useTranslate();
  const { availableEnvironmentCount = 0, mailCatcher = false } = useSession();
  const platformAdmin = usePlatformAdmin();
  const shown: Record<MenuCondition, boolean> = {
    severalEnvironments: availableEnvironmentCount > 1,
    platformAdmin,
    mailCatcher,
  };
  const visible = entries.filter((entry) => !entry.shownWhen || shown[entry.shownWhen]);
  const links = (pinned: boolean) =>
    visible
      .filter((entry) => Boolean(entry.pinned) === pinned)
      .map((entry) => <MenuLink key={entry.path} entry={entry} onNavigate={onNavigate} />);

  return (
    <Box
      component="nav"
      aria-label={translate('app.menu.navigation')}
      sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1 }}
    >
      <List>{links(false)}</List>
      <Box sx={{ flexGrow: 1 }} />
      <List>{links(true)}</List>
    </Box>
  );
}
