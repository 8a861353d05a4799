import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatDutchDateTime } from '../i18n/dutchDate';
import type { RecordGroup } from './detailView';
import { useLabel } from './useLabel';

const isoMoment = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;

/** A cell's text: a moment the Dutch way, a boolean as ja/nee, nothing as a dash. */
function useCellText() {
  const translate = useTranslate();
  return (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '–';
    if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
    if (typeof value === 'string' && isoMoment.test(value)) return formatDutchDateTime(value);
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
}

/** The record's own rows as tables, one per group, each under its heading (a section of a detail page). */
export function DetailGroups({ groups }: { groups: readonly RecordGroup[] }) {
  const label = useLabel();
  const cellText = useCellText();
  return groups.map((group) => {
    const title = label(group.title);
    return (
      <Box component="section" aria-label={title} key={title} sx={{ mt: 3 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {title}
        </Typography>
        {group.rows.length === 0 ? (
          <Typography color="text.secondary">{label(group.empty)}</Typography>
        ) : (
          // Wide tables scroll sideways on a phone; the region takes the focus so a keyboard can scroll it.
          <Box role="region" aria-label={title} tabIndex={0} sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {group.columns.map((column) => (
                    <TableCell key={column.key} scope="col" component="th">
                      {label(column.label)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {group.rows.map((row, index) => (
                  <TableRow key={index}>
                    {group.columns.map((column) => (
                      <TableCell key={column.key}>{cellText(row[column.key])}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Box>
    );
  });
}
