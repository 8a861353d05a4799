import MenuIcon from '@mui/icons-material/Menu';
import { Fab } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The floating button that opens the slide-in menu on phones (spec §2). Bottom left, so it never
 * covers react-admin's own floating create button (bottom right).
 */
export function MobileMenuButton({
  onClick,
  expanded,
  controls,
}: {
  onClick: () => void;
  /** Whether the menu it opens is open (aria-expanded). */
  expanded: boolean;
  /** The id of that menu. */
  controls: string;
}) {
  const translate = useTranslate();
  return (
    <Fab
      color="primary"
      aria-label={translate('app.menu.open')}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onClick}
      sx={{ position: 'fixed', left: 16, bottom: 16, zIndex: (theme) => theme.zIndex.speedDial }}
    >
      <MenuIcon />
    </Fab>
  );
}
