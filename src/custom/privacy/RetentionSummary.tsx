import type { RetentionSettings } from '@contract/privacy';
import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate } from 'react-admin';
import { singletonRecordId } from '../../declarative/recordId';

/** The settings overview's 'Bewaartermijnen' card: the periods as they stand. */
export function RetentionSummary() {
  const translate = useTranslate();
  const { data } = useGetOne<RetentionSettings>('retention', { id: singletonRecordId });
  if (!data) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('app.privacy.retention.summary', {
        forms: data.formAnswerMonths,
        rsvp: data.rsvpAnswerMonths,
      })}
    </Typography>
  );
}
