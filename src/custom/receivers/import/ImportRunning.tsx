import type { ListImport } from '@contract/listImports';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { serverMessage } from '../../../dataProvider/serverMessage';
import { formatDutchNumber } from '../../../i18n/dutchNumber';
import { useDeclaredDataProvider } from '../../../resources/useDeclaredDataProvider';
import { importProgress, timeLeftText } from './importProgress';
import { useCallAccess } from '../../../declarative/useDeclaredAccess';

/**
 * Step 5: the running import as the server reports it (it runs there, so this page may be closed and
 * opened again): a bar, rows done of the expected total, rows per second, time left, and 'Annuleren'
 * (it stops between batches). The import's view reads it again while it runs (its `poll`).
 */
export function ImportRunning({ record: status }: { record: ListImport }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDeclaredDataProvider();
  const [cancelling, setCancelling] = useState(false);
  const mayCancel = useCallAccess('listImports', 'cancel').shown;
  const { percent, secondsLeft } = importProgress(status);
  const left = secondsLeft === null ? null : timeLeftText(secondsLeft);
  const cancel = async () => {
    setCancelling(true);
    try {
      // The answer refreshes the import's view at the data edge, as after any action.
      await dataProvider.action('listImports', 'cancel', { id: status.id, meta: { listId: status.listId } });
      notify('app.receivers.imports.progress.cancel_requested', { type: 'info' });
    } catch (error) {
      const message = serverMessage(error, 'ra.notification.http_error');
      notify(message, { type: 'error', messageArgs: { _: message } });
      setCancelling(false);
    }
  };

  return (
    <Stack spacing={2} data-testid="import-progress">
      <Typography variant="h6" component="h3">
        {translate('app.receivers.imports.progress.title')}
      </Typography>
      <Box>
        <LinearProgress
          variant={status.rowsEstimated > 0 ? 'determinate' : 'indeterminate'}
          value={percent}
          aria-label={translate('app.receivers.imports.progress.title')}
          sx={{ height: 10, borderRadius: 5, mb: 1 }}
        />
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', gap: 0.5 }}
          aria-live="polite"
        >
          <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="import-rows-done">
            {translate('app.receivers.imports.progress.rows', {
              done: formatDutchNumber(status.rowsDone),
              total: formatDutchNumber(status.rowsEstimated),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.receivers.imports.progress.speed', {
              speed: formatDutchNumber(Math.round(status.rowsPerSecond)),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {left
              ? translate('app.receivers.imports.progress.left', {
                  time: translate(left.key, { smart_count: left.count }),
                })
              : translate('app.receivers.imports.progress.left_unknown')}
          </Typography>
        </Stack>
      </Box>
      <Alert severity="info">{translate('app.receivers.imports.progress.leave')}</Alert>
      {mayCancel && (
        <Box>
          <Button variant="outlined" color="error" disabled={cancelling} onClick={() => void cancel()}>
            {translate(
              cancelling
                ? 'app.receivers.imports.progress.cancelling'
                : 'app.receivers.imports.progress.cancel',
            )}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
