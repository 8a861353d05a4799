import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate } from 'react-admin';
import { singletonRecordId } from '../../declarative/recordId';
import type { ApprovalSettingRecord } from '../../resources/approvalSettings';

/** The settings overview's 'Goedkeuring' card: off, or from how many recipients; and for journeys. */
export function ApprovalSummary() {
  const translate = useTranslate();
  const { data } = useGetOne<ApprovalSettingRecord>('approvalSettings', {
    id: singletonRecordId as ApprovalSettingRecord['id'],
  });
  if (!data) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {data.minRecipients === null
        ? translate('app.approval.settings.summary_off')
        : translate('app.approval.settings.summary_on', {
            count: data.minRecipients.toLocaleString('nl-NL'),
          })}
      {data.journeys ? ` ${translate('app.approval.settings.summary_journeys')}` : null}
    </Typography>
  );
}
