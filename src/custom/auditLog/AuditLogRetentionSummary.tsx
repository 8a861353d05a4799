import type { AuditLogSettings } from '@contract/auditLog';
import Typography from '@mui/material/Typography';
import { useGetOne, useTranslate } from 'react-admin';
import { singletonRecordId } from '../../declarative/recordId';
import { logRetentionTerm } from '../../i18n/auditLog.nl';

/** The settings overview's 'Bewaartermijn Logboek' card: the term as it stands. */
export function AuditLogRetentionSummary() {
  const translate = useTranslate();
  const { data } = useGetOne<Omit<AuditLogSettings, 'id'> & { id: string }>('auditLogSettings', {
    id: singletonRecordId,
  });
  if (!data) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('app.auditLog.retention.summary', { term: logRetentionTerm(data.retentionMonths) })}
    </Typography>
  );
}
