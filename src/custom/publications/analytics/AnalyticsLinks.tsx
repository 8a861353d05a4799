import type { AnalyticsReport } from '@contract/analytics';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDutchNumber } from '../../../i18n/dutchNumber';
import { FigureTableHead } from './FigureTableHead';
import { useAnalyticsText } from './useAnalyticsText';

/** The clicked links (human clicks): unique messages and total clicks, most clicked first. */
export function AnalyticsLinks({ links }: { links: AnalyticsReport['links'] }) {
  const t = useAnalyticsText();
  if (links.length === 0) return <Typography color="text.secondary">{t('no_links')}</Typography>;
  return (
    <Table size="small" aria-label={t('links_title')}>
      <FigureTableHead
        columns={[
          { label: t('link') },
          { label: t('unique'), figure: true },
          { label: t('total'), figure: true },
        ]}
      />
      <TableBody>
        {links.map((link) => (
          <TableRow key={link.url}>
            <TableCell sx={{ wordBreak: 'break-all' }}>
              <Link href={link.url} target="_blank" rel="noopener noreferrer">
                {link.url}
              </Link>
            </TableCell>
            <TableCell align="right">{formatDutchNumber(link.unique)}</TableCell>
            <TableCell align="right">{formatDutchNumber(link.total)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
