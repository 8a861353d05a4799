import type { DeliveryJob } from '@contract/publications';
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

/** A job's status as a chip ('Gepland' until sending exists). */
export function JobStatusCell({ job }: { job: DeliveryJob }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color="info"
      label={translate(`app.jobs.status.${job.status}`, { _: job.status })}
    />
  );
}
