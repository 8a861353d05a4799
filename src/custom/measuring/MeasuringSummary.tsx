import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate } from 'react-admin';
import { singletonRecordId } from '../../declarative/recordId';
import type { MeasuringRecord } from '../../resources/measuring';

/** The settings overview's 'Meten' card: the environment's mode. */
export function MeasuringSummary() {
  const translate = useTranslate();
  const { data } = useGetOne<MeasuringRecord>('measuring', {
    id: singletonRecordId as MeasuringRecord['id'],
  });
  if (!data) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('app.settings.measuring.summary', { mode: data.mode })}
    </Typography>
  );
}
