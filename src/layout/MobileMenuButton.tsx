import MenuIcon from '@mui/icons-material/Menu';
import { Fab } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The floating button that opens the slide-in menu on phones (spec §2). It floats at the top left, over
 * the page header's own space (PageHeader leaves room for it): at the bottom it covered the start of
 * fields and table rows.
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
      size="small"
      sx={{ position: 'fixed', left: 8, top: 8, zIndex: (theme) => theme.zIndex.appBar + 1 }}
    >
      <MenuIcon />
    </Fab>
  );
}
