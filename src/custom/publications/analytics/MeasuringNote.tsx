import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useMeasuring } from './useMeasuring';

/** One line in the deliver panel: how this delivery will measure ('Meten: Alleen totalen'). */
export function MeasuringNote({ publicationId }: { publicationId: string }) {
  const translate = useTranslate();
  const measuring = useMeasuring(publicationId);
  if (!measuring.data) return null;
  return (
    <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="deliver-measuring">
      {translate('app.publications.analytics.mode', { mode: measuring.data.mode })}
    </Typography>
  );
}
