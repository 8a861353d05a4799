import type { ImportRefusal, ListImport } from '@contract/listImports';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DeclaredDataProvider } from '../../../dataProvider/declaredDataProvider';
import { useActionDownload } from '../../../declarative/useActionDownload';
import { formatDutchNumber } from '../../../i18n/dutchNumber';

const severity = { Voltooid: 'success', Geannuleerd: 'warning', Mislukt: 'error', Bezig: 'info' } as const;

/**
 * The end of an import: what happened to every row (added, updated, skipped and why, refused), the
 * first refused rows with their row number and reason, and all of them as CSV.
 */
export function ImportResult({
  listId,
  status,
  onAnother,
}: {
  listId: string;
  status: ListImport;
  onAnother(): void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DeclaredDataProvider>();
  const { busy, download } = useActionDownload('listImports');
  const refusals = useQuery({
    queryKey: ['listImports', 'refusals', status.id],
    queryFn: async () =>
      (
        await dataProvider.action<ImportRefusal[]>('listImports', 'refusals', {
          id: status.id,
          meta: { listId },
        })
      ).data,
    enabled: status.refused > 0,
  });
  const counts = [
    ['rows', status.rowsDone],
    ['added', status.added],
    ['updated', status.updated],
    ['skippedDuplicate', status.skippedDuplicate],
    ...(status.mode === 'update' ? [['skippedMissing', status.skippedMissing] as const] : []),
    ['skippedUnsubscribed', status.skippedUnsubscribed],
    ['refused', status.refused],
  ] as const;
  const shown = refusals.data ?? [];

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
      {status.refused > 0 ? (
        <section aria-labelledby="import-refused-title">
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1, mb: 1 }}
          >
            <Typography id="import-refused-title" variant="subtitle1" component="h3">
              {translate('app.receivers.imports.result.refused_title')}
            </Typography>
            <Button
              variant="outlined"
              startIcon={<DownloadOutlinedIcon />}
              disabled={busy}
              onClick={() =>
                void download(
                  'refusedCsv',
                  { id: status.id, meta: { listId } },
                  `${status.fileName.replace(/\.[^.]*$/, '')} - geweigerde rijen.csv`,
                )
              }
            >
              {translate('app.receivers.imports.result.download_refused')}
            </Button>
          </Stack>
          {status.refused > shown.length && shown.length > 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('app.receivers.imports.result.refused_shown', {
                shown: formatDutchNumber(shown.length),
                total: formatDutchNumber(status.refused),
              })}
            </Typography>
          ) : null}
          <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 420 }} tabIndex={0}>
            <Table size="small" stickyHeader aria-labelledby="import-refused-title">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.receivers.imports.result.row')}</TableCell>
                  <TableCell>{translate('app.receivers.imports.result.reason')}</TableCell>
                  <TableCell>{translate('app.receivers.imports.result.values')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((refusal) => (
                  <TableRow key={refusal.rowNumber}>
                    <TableCell>{refusal.rowNumber}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{refusal.reason}</TableCell>
                    <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {refusal.values.join('; ')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </section>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
        <Button variant="contained" component={Link} to={`/recievers/lists/${listId}`}>
          {translate('app.receivers.imports.result.to_list')}
        </Button>
        <Button variant="outlined" onClick={onAnother}>
          {translate('app.receivers.imports.result.again')}
        </Button>
      </Stack>
    </Stack>
  );
}
