import { formatMoment } from './formatMoment';
import type { DeliveryJob } from '@contract/publications';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { isLive, jobProgress } from './jobProgress';

/**
 * A job's progress: a bar of sent (and failed) of all recipients, and while it runs the pace and the
 * time left. The jobs' table and page read a running job again every few seconds (their `poll`).
 */
export function JobProgressCell({ job }: { job: DeliveryJob }) {
  const translate = useTranslate();
  const progress = jobProgress(job);
  if (job.status === 'Gepland') {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.jobs.progress.planned_for', {
          moment: formatMoment(job.scheduledAt),
        })}
      </Typography>
    );
  }
  const label = translate('app.jobs.progress.count', { handled: progress.handled, total: progress.total });
  return (
    <Box sx={{ minWidth: 160 }}>
      <LinearProgress
        variant="determinate"
        value={progress.percent}
        color={job.status === 'Mislukt' ? 'error' : job.status === 'Verzonden' ? 'success' : 'primary'}
        aria-label={label}
        sx={{ height: 6, borderRadius: 3, mb: 0.5 }}
      />
      <Typography variant="caption" color="text.secondary">
        {label}
        {isLive(job) && progress.perSecond !== undefined && (
          <>
            {' · '}
            {translate('app.jobs.progress.per_second', { count: Math.round(progress.perSecond) })}
            {progress.secondsLeft !== undefined &&
              ` · ${translate('app.jobs.progress.left', { minutes: Math.max(1, Math.ceil(progress.secondsLeft / 60)) })}`}
          </>
        )}
      </Typography>
    </Box>
  );
}
