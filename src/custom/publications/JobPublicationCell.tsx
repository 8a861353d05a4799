import type { DeliveryJob } from '@contract/publications';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

/** The publication of a job, linking to its page. */
export function JobPublicationCell({ job }: { job: DeliveryJob }) {
  return (
    <Link component={RouterLink} to={`/publications/${job.publicationId}`} underline="hover">
      {job.publicationName}
    </Link>
  );
}
