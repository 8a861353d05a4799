import type { DeliveryJob } from '@contract/publications';
import CancelScheduleSendOutlinedIcon from '@mui/icons-material/CancelScheduleSendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { DeclaredDataProvider } from '../../dataProvider/declaredDataProvider';
import { JobProgressCell } from './JobProgressCell';
import { formatDutchNumber } from '../../i18n/dutchNumber';

/**
 * The job page's header content: the counts (sent, failed, skipped, waiting), the progress bar (live while
 * the job runs), the reason of a failed job, and 'Annuleren' while it is planned or running.
 */
export function JobDetailSummary({ record: job }: { record: DeliveryJob }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const waiting = Math.max(job.recipientCount - job.sentCount - job.failedCount, 0);
  const counts = [
    ['sent', job.sentCount],
    ['failed', job.failedCount],
    ['skipped', job.skippedCount],
    ['waiting', job.status === 'Bezig' || job.status === 'Gepland' ? waiting : 0],
  ] as const;
  const cancellable = job.status === 'Gepland' || job.status === 'Bezig';

  const cancel = async () => {
    setConfirming(false);
    try {
      await dataProvider.action('jobs', 'cancel', { id: job.id });
      notify('app.jobs.detail.cancelled', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
    refresh();
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
