import type { DeliveryJob } from '@contract/publications';
import { useTranslate } from 'react-admin';

const dateTime = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'medium', timeStyle: 'short' });

/** When a job was created and by whom, e.g. '3 mrt 2025, 14:05 · Anne de Vries'. */
export function JobCreatedCell({ job }: { job: DeliveryJob }) {
  const translate = useTranslate();
  const when = dateTime.format(new Date(job.createdAt));
  return (
    <>
      {when}
      {job.createdBy ? ` · ${translate('app.jobs.created_by', { name: job.createdBy })}` : ''}
    </>
  );
}
