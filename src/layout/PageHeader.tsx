import { Box } from '@mui/material';
import { LoadingIndicator, TitlePortal, useTranslate } from 'react-admin';
import { NavigationProgress } from './NavigationProgress';
import { pageTitleId, useDocumentTitle } from './useDocumentTitle';
import { useFocusHeadingOnNavigation } from './useFocusHeadingOnNavigation';

/**
 * The bar above each page: react-admin's page title (`<Title>` renders into it), the loading
 * indicator, and the progress of a page whose code is on its way. The title wraps rather than being
 * cut off on a phone, names the browser tab too, and takes the focus when a new page opens.
 */
export function PageHeader() {
  const translate = useTranslate();
  // react-admin hands extra props on to its spinner: a progressbar needs a name (axe: aria-progressbar-name).
  const spinnerName: Record<string, string> = { 'aria-label': translate('ra.page.loading') };
  useDocumentTitle();
  useFocusHeadingOnNavigation(pageTitleId);
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 56,
        // On phones the menu button floats at the header's left (MobileMenuButton): the title starts after it.
        pl: { xs: 8, md: 3 },
        pr: { xs: 2, md: 3 },
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <TitlePortal
        id={pageTitleId}
        component="h1"
        // Focusable by script only (useFocusHeadingOnNavigation), not a stop for the Tab key.
        tabIndex={-1}
        variant="h6"
        sx={{ fontWeight: 600, whiteSpace: 'normal', overflowWrap: 'break-word', py: 1 }}
      />
      <LoadingIndicator {...spinnerName} />
      <NavigationProgress />
    </Box>
  );
}
