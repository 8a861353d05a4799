import type { ListImport } from '@contract/listImports';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../../../i18n/dateFormat';
import { formatDutchNumber } from '../../../i18n/dutchNumber';

/**
 * The list's earlier imports (the server keeps the latest 20), newest first: when, which file, how it
 * ended and what it did; each opens its result (refused rows included). Without it only an import of the
 * last day could be found again.
 */
export function ImportHistory({
  imports,
  shownId,
  onOpen,
}: {
  imports: readonly ListImport[];
  /** The import shown above, left out of the table. */
  shownId?: string;
  onOpen(importId: string): void;
}) {
  const translate = useTranslate();
  const rows = imports.filter((item) => item.id !== shownId);
  if (rows.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="import-history-title">
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography id="import-history-title" variant="h6" component="h3" sx={{ mb: 1 }}>
          {translate('app.receivers.imports.history.title')}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.receivers.imports.fields.startedAt')}</TableCell>
              <TableCell>{translate('app.receivers.imports.fields.fileName')}</TableCell>
              <TableCell>{translate('app.receivers.imports.fields.status')}</TableCell>
              <TableCell align="right">{translate('app.receivers.imports.history.added')}</TableCell>
              <TableCell align="right">{translate('app.receivers.imports.history.updated')}</TableCell>
              <TableCell align="right">{translate('app.receivers.imports.history.refused')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((item) => (
              <TableRow key={item.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    onClick={() => onOpen(item.id)}
                    aria-label={translate('app.receivers.imports.history.open', {
                      name: item.fileName,
                      moment: formatDateTime(item.startedAt),
                    })}
                    sx={{ p: 0, minWidth: 0 }}
                  >
                    {formatDateTime(item.startedAt)}
                  </Button>
                </TableCell>
                <TableCell>{item.fileName}</TableCell>
                <TableCell>{item.status}</TableCell>
                <TableCell align="right">{formatDutchNumber(item.added)}</TableCell>
                <TableCell align="right">{formatDutchNumber(item.updated)}</TableCell>
                <TableCell align="right">{formatDutchNumber(item.refused)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
