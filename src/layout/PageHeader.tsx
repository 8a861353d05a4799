import { Box } from '@mui/material';
import { LoadingIndicator, TitlePortal } from 'react-admin';
import { pageTitleId, useDocumentTitle } from './useDocumentTitle';

/**
 * The bar above each page: react-admin's page title (`<Title>` renders into it) and the loading
 * indicator. The title wraps rather than being cut off on a phone, and names the browser tab too.
 */
export function PageHeader() {
  useDocumentTitle();
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 56,
        px: { xs: 2, md: 3 },
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
        variant="h6"
        sx={{ fontWeight: 600, whiteSpace: 'normal', overflowWrap: 'break-word', py: 1 }}
      />
      <LoadingIndicator />
    </Box>
  );
}
