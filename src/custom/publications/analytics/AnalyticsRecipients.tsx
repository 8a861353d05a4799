import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDeclaredDataProvider } from '../../../resources/useDeclaredDataProvider';
import { useActionDownload } from '../../../declarative/useActionDownload';
import { formatDutchNumber } from '../../../i18n/dutchNumber';
import { FigureTableHead } from './FigureTableHead';
import { useAnalyticsText } from './useAnalyticsText';

const momentFormat = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** Opens and clicks per recipient, searchable, and as CSV: only shown in the personal measuring modes. */
export function AnalyticsRecipients({
  publicationId,
  publicationName,
  jobId,
  refreshKey,
}: {
  publicationId: string;
  publicationName: string;
  jobId: string | undefined;
  /** Changes when the figures were read again, so the table follows. */
  refreshKey: number;
}) {
  const t = useAnalyticsText();
  const dataProvider = useDeclaredDataProvider();
  const [search, setSearch] = useState('');
  const { busy, download } = useActionDownload('publications');
  const rows = useQuery({
    queryKey: ['publicationAnalyticsRecipients', publicationId, jobId ?? null, search, refreshKey],
    queryFn: async ({ signal }) =>
      (
        await dataProvider.action('publications', 'analyticsRecipients', {
          id: publicationId,
          data: { jobId, search: search.trim() || undefined },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <TextField
          size="small"
          label={t('search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          type="search"
        />
        <Button
          variant="outlined"
          startIcon={<DownloadOutlinedIcon />}
          disabled={busy}
          onClick={() =>
            void download(
              'analyticsRecipientsCsv',
              { id: publicationId, meta: { jobId } },
              `${publicationName} - resultaten.csv`,
            )
          }
        >
          {t('csv')}
        </Button>
      </Box>
      {rows.data && rows.data.length === 0 ? (
        <Typography color="text.secondary">{t('no_recipients')}</Typography>
      ) : (
        <Table size="small" aria-label={t('recipients_title')}>
          <FigureTableHead
            columns={[
              { label: t('recipient') },
              { label: t('opens'), figure: true },
              { label: t('clicks'), figure: true },
              { label: t('first_opened') },
              { label: t('bounce') },
            ]}
          />
          <TableBody>
            {(rows.data ?? []).map((row) => (
              <TableRow key={row.recipient}>
                <TableCell>{row.recipient}</TableCell>
                <TableCell align="right">{formatDutchNumber(row.opens)}</TableCell>
                <TableCell align="right">{formatDutchNumber(row.clicks)}</TableCell>
                <TableCell>
                  {row.firstOpenedAt ? momentFormat.format(new Date(row.firstOpenedAt)) : '–'}
                </TableCell>
                <TableCell>{row.bounce ? t(`bounce_${row.bounce}`) : '–'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
