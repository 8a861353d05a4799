import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate } from 'react-admin';
import { singletonRecordId } from '../../declarative/recordId';
import type { PublicArchiveRecord } from '../../resources/publicArchive';

/** The settings overview's 'Openbaar archief' card: on or off. */
export function PublicArchiveSummary() {
  const translate = useTranslate();
  const { data } = useGetOne<PublicArchiveRecord>('publicArchive', {
    id: singletonRecordId as PublicArchiveRecord['id'],
  });
  if (!data) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate(data.enabled ? 'app.settings.archive.summary_on' : 'app.settings.archive.summary_off')}
    </Typography>
  );
}
