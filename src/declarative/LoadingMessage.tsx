import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** The Dutch loading state of tables and form pages: a progress bar and 'Gegevens worden geladen…'. */
export function LoadingMessage() {
  const translate = useTranslate();
  return (
    <Box role="status" sx={{ p: 2 }}>
      <LinearProgress sx={{ mb: 1 }} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {translate('declarative.table.loading')}
      </Typography>
    </Box>
  );
}
