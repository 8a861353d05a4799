import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { HttpError, useTranslate } from 'react-admin';

/** A 403: the user may not see this part at all; asking again or creating something will not help. */
export function isAccessDenied(error: unknown): boolean {
  return error instanceof HttpError && error.status === 403;
}

/**
 * The plain 'Geen toegang' page for a part the user has no right to (a platform page for someone who is
 * not a platform administrator): no retry and no create button, only what is the matter.
 */
export function AccessDenied() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }} role="status">
      <Typography variant="h2" component="p" sx={{ fontSize: '1.25rem', fontWeight: 600, mb: 1 }}>
        {translate('ra.page.access_denied')}
      </Typography>
      <Typography>{translate('app.access_denied.text')}</Typography>
    </Box>
  );
}
