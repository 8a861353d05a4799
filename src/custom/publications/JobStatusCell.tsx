import type { DeliveryJob, DeliveryJobStatus } from '@contract/publications';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';

const colors: Record<DeliveryJobStatus, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  Gepland: 'info',
  Bezig: 'warning',
  Verzonden: 'success',
  Mislukt: 'error',
  Geannuleerd: 'default',
};

/** A job's status as a chip; a failed job's reason shows on hover and to screen readers. */
export function JobStatusCell({ job }: { job: Pick<DeliveryJob, 'status' | 'failureReason'> }) {
  const translate = useTranslate();
  const label = translate(`app.jobs.status.${job.status}`, { _: job.status });
  const chip = (
    <Chip
      size="small"
      variant={job.status === 'Bezig' ? 'filled' : 'outlined'}
      color={colors[job.status]}
      label={label}
      aria-label={job.failureReason ? `${label}: ${job.failureReason}` : undefined}
    />
  );
  return job.failureReason ? <Tooltip title={job.failureReason}>{chip}</Tooltip> : chip;
}
