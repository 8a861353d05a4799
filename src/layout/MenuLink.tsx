import { ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { Suspense } from 'react';
import { LinkBase, useLocation, useTranslate } from 'react-admin';
import { isActivePath } from './isActivePath';
import type { MenuEntry } from '../declarative/menuDeclaration';

interface MenuLinkProps {
  entry: MenuEntry;
  /** Called after a click, e.g. to close the slide-in menu on phones. */
  onNavigate?: () => void;
}

/** One sidebar entry; highlighted while the current path lies under its path. */
export function MenuLink({ entry, onNavigate }: MenuLinkProps) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const active = isActivePath(pathname, entry.path);
  const Icon = entry.icon;
  const Badge = entry.badge;

  return (
    <ListItem disablePadding>
      <ListItemButton
        component={LinkBase}
        to={entry.path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={{
          borderRadius: 1,
          mx: 1,
          '&.Mui-selected': { color: 'primary.main', fontWeight: 600 },
          '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
        }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon />
        </ListItemIcon>
        <ListItemText
          primary={translate(entry.label)}
          slotProps={{ primary: { sx: { fontWeight: active ? 600 : 400 } } }}
        />
        {Badge ? (
          <Suspense fallback={null}>
            <Badge />
          </Suspense>
        ) : null}
      </ListItemButton>
    </ListItem>
  );
}
