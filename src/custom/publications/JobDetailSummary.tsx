import type { DeliveryJob } from '@contract/publications';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatDutchNumber } from '../../i18n/dutchNumber';
import { isActive } from './jobProgress';
import { JobProgressCell } from './JobProgressCell';
import { JobAbTest } from '../abTests/JobAbTest';

/**
 * The job page's header content: the counts (sent, failed, skipped, waiting), the progress bar (live while
 * the job runs), the reason of a failed job and the job's A/B test. 'Annuleren' is the page's declared action (src/resources/jobs).
 */
export function JobDetailSummary({ record: job }: { record: DeliveryJob }) {
  const translate = useTranslate();
  const waiting = Math.max(job.recipientCount - job.sentCount - job.failedCount, 0);
  const counts = [
    ['sent', job.sentCount],
    ['failed', job.failedCount],
    ['skipped', job.skippedCount],
    ['waiting', isActive(job) ? waiting : 0],
  ] as const;

  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }}>
        {counts.map(([name, value]) => (
          <Box key={name}>
            <Typography variant="h6" component="p">
              {formatDutchNumber(value)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate(`app.jobs.detail.counts.${name}`)}
            </Typography>
          </Box>
        ))}
      </Stack>
      <Box sx={{ maxWidth: 480 }}>
        <JobProgressCell job={job} />
      </Box>
      {job.failureReason && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {job.failureReason}
        </Alert>
      )}
      {job.abTestId ? <JobAbTest jobId={String(job.id)} /> : null}
    </Box>
  );
}
