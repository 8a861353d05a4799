import { shownRefusals, type ListImport } from '@contract/listImports';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { DeclaredDataProvider } from '../../../dataProvider/declaredDataProvider';
import { formatDutchNumber } from '../../../i18n/dutchNumber';

const severity = { Voltooid: 'success', Geannuleerd: 'warning', Mislukt: 'error', Bezig: 'info' } as const;

/**
 * The end of an import: how it ended and what happened to every row (added, updated, skipped and why,
 * refused). The refused rows themselves are the view's next section, a declared table.
 */
export function ImportResult({ record: status }: { record: ListImport }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  // The import has changed the list: what an import changes is refreshed, as after a save (its
  // declaration's `invalidates`). Also when the first read finds it ended (a small file is done first).
  useEffect(() => {
    void dataProvider.changed('listImports');
  }, [dataProvider, status.id]);
  const counts = [
    ['rows', status.rowsDone],
    ['added', status.added],
    ['updated', status.updated],
    ['skippedDuplicate', status.skippedDuplicate],
    ...(status.mode === 'update' ? [['skippedMissing', status.skippedMissing] as const] : []),
    ['skippedUnsubscribed', status.skippedUnsubscribed],
    ...(status.optedOut > 0 ? [['optedOut', status.optedOut] as const] : []),
    ['refused', status.refused],
  ] as const;

  return (
    <Stack spacing={2} data-testid="import-result">
      <Alert severity={severity[status.status]}>
        <Typography sx={{ fontWeight: 500 }}>
          {translate(`app.receivers.imports.result.${status.status}`)}
        </Typography>
        {status.error ? <Typography variant="body2">{status.error}</Typography> : null}
        {status.status === 'Geannuleerd' ? (
          <Typography variant="body2">{translate('app.receivers.imports.result.cancelled_note')}</Typography>
        ) : null}
      </Alert>
      <section aria-labelledby="import-counts-title">
        <Typography id="import-counts-title" variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {translate('app.receivers.imports.result.counts', { file: status.fileName })}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto auto',
            justifyContent: 'start',
            columnGap: 3,
            rowGap: 0.5,
            m: 0,
          }}
        >
          {counts.map(([key, count]) => (
            <Box key={key} sx={{ display: 'contents' }} data-testid={`import-count-${key}`}>
              <Typography component="dt" color="text.secondary">
                {translate(`app.receivers.imports.result.${key}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500, textAlign: 'right' }}>
                {formatDutchNumber(count)}
              </Typography>
            </Box>
          ))}
        </Box>
      </section>
      {status.refused > shownRefusals ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.receivers.imports.result.refused_shown', {
            shown: formatDutchNumber(shownRefusals),
            total: formatDutchNumber(status.refused),
          })}
        </Typography>
      ) : null}
    </Stack>
  );
}
