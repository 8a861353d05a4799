import type { DeliveryJob } from '@contract/publications';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../../i18n/dateFormat';

/** When a job was created and by whom, e.g. '3 mrt 2025, 14:05 · Anne de Vries'. */
export function JobCreatedCell({ job }: { job: DeliveryJob }) {
  const translate = useTranslate();
  const when = formatDateTime(job.createdAt);
  return (
    <>
      {when}
      {job.createdBy ? ` · ${translate('app.jobs.created_by', { name: job.createdBy })}` : ''}
    </>
  );
}
