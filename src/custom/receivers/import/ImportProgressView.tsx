import type { ListImport } from '@contract/listImports';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { DeclaredDataProvider } from '../../../dataProvider/declaredDataProvider';
import { LoadingMessage } from '../../../declarative/LoadingMessage';
import { ImportResult } from './ImportResult';
import { importProgress, timeLeftText } from './importProgress';
import { useListImport } from './useListImport';
import { formatDutchNumber } from '../../../i18n/dutchNumber';

/**
 * Step 5: the running import as the server reports it (it runs there, so this page may be closed and
 * opened again): a bar, rows done of the expected total, rows per second, time left, and 'Annuleren'
 * (it stops between batches). When it ends: the result.
 */
export function ImportProgressView({
  listId,
  importId,
  onAnother,
}: {
  listId: string;
  importId: string;
  onAnother(): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const { data: status, refetch } = useListImport(listId, importId);
  const [cancelling, setCancelling] = useState(false);
  if (!status) return <LoadingMessage />;
  if (status.status !== 'Bezig')
    return <ImportResult listId={listId} status={status} onAnother={onAnother} />;

  const { percent, secondsLeft } = importProgress(status);
  const left = secondsLeft === null ? null : timeLeftText(secondsLeft);
  const cancel = async () => {
    setCancelling(true);
    try {
      await dataProvider.action<ListImport>('listImports', 'cancel', { id: importId, meta: { listId } });
      notify('app.receivers.imports.progress.cancel_requested', { type: 'info' });
      await refetch();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
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
      <Box>
        <Button variant="outlined" color="error" disabled={cancelling} onClick={() => void cancel()}>
          {translate(
            cancelling
              ? 'app.receivers.imports.progress.cancelling'
              : 'app.receivers.imports.progress.cancel',
          )}
        </Button>
      </Box>
    </Stack>
  );
}
