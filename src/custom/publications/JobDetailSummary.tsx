import { activeDeliveryJobStatuses, type DeliveryJob } from '@contract/publications';
import CancelScheduleSendOutlinedIcon from '@mui/icons-material/CancelScheduleSendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { serverMessage } from '../../dataProvider/serverMessage';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import { JobProgressCell } from './JobProgressCell';
import { formatDutchNumber } from '../../i18n/dutchNumber';

/**
 * The job page's header content: the counts (sent, failed, skipped, waiting), the progress bar (live while
 * the job runs), the reason of a failed job, and 'Annuleren' while it is planned or running.
 */
/** A job that is planned or running: it has recipients waiting and can be cancelled. */
const isActive = (job: DeliveryJob) =>
  (activeDeliveryJobStatuses as readonly DeliveryJob['status'][]).includes(job.status);

export function JobDetailSummary({ record: job }: { record: DeliveryJob }) {
  const translate = useTranslate();
  const dataProvider = useDeclaredDataProvider();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const waiting = Math.max(job.recipientCount - job.sentCount - job.failedCount, 0);
  const counts = [
    ['sent', job.sentCount],
    ['failed', job.failedCount],
    ['skipped', job.skippedCount],
    ['waiting', isActive(job) ? waiting : 0],
  ] as const;
  const cancellable = isActive(job);

  const cancel = async () => {
    setConfirming(false);
    try {
      await dataProvider.action('jobs', 'cancel', { id: job.id });
      notify('app.jobs.detail.cancelled', { type: 'success' });
    } catch (error) {
      // A refusal (the job has just ended) tells how it stands now: the job is read again.
      const message = serverMessage(error, 'ra.notification.http_error');
      notify(message, { type: 'error', messageArgs: { _: message } });
      await dataProvider.changed('jobs');
    }
  };

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
      {cancellable && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<CancelScheduleSendOutlinedIcon />}
          onClick={() => setConfirming(true)}
          sx={{ mt: 2 }}
        >
          {translate('app.jobs.detail.cancel')}
        </Button>
      )}
      <Confirm
        isOpen={confirming}
        title="app.jobs.detail.cancel_title"
        content="app.jobs.detail.cancel_content"
        confirm="app.jobs.detail.cancel"
        cancel="app.jobs.detail.keep"
        onConfirm={cancel}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
