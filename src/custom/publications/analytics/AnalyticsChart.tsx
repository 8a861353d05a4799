import type { AnalyticsReport } from '@contract/analytics';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatDutchNumber } from '../../../i18n/dutchNumber';
import { FigureTableHead } from './FigureTableHead';
import { useAnalyticsText } from './useAnalyticsText';

const momentFormat = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * Opens and clicks over time (per hour for 48 hours, then per day, as the server buckets them), drawn as
 * bars, and the same figures as a table: the chart is a picture, the table is what a screen reader reads.
 */
export function AnalyticsChart({ series }: { series: AnalyticsReport['series'] }) {
  const t = useAnalyticsText();
  if (series.length === 0) {
    return <Typography color="text.secondary">{t('chart_empty')}</Typography>;
  }
  const moments = series.map((point) => momentFormat.format(new Date(point.at)));
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('chart_hourly')}
      </Typography>
      <Box aria-hidden="true" sx={{ width: '100%' }}>
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: moments }]}
          series={[
            { data: series.map((point) => point.opens), label: t('opens') },
            { data: series.map((point) => point.clicks), label: t('clicks') },
          ]}
        />
      </Box>
      {/* Scrolls once a send has many hours: focusable, so keyboard users can scroll it too. */}
      <Box
        tabIndex={0}
        role="region"
        aria-label={t('table_caption')}
        sx={{ maxHeight: 320, overflow: 'auto' }}
      >
        <Table size="small">
          <caption>{t('table_caption')}</caption>
          <FigureTableHead
            columns={[
              { label: t('moment') },
              { label: t('opens'), figure: true },
              { label: t('clicks'), figure: true },
            ]}
          />
          <TableBody>
            {series.map((point, index) => (
              <TableRow key={point.at}>
                <TableCell component="th" scope="row">
                  {moments[index]}
                </TableCell>
                <TableCell align="right">{formatDutchNumber(point.opens)}</TableCell>
                <TableCell align="right">{formatDutchNumber(point.clicks)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </>
  );
}
