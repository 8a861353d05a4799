import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** A column of an analytics table: its heading, and whether it holds figures (aligned right). */
export interface FigureColumn {
  label: string;
  figure?: boolean;
}

/** The header row of the analytics tables: a heading per column, figures' headings on the right above them. */
export function FigureTableHead({ columns }: { columns: readonly FigureColumn[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map(({ label, figure }) => (
          <TableCell key={label} component="th" scope="col" align={figure ? 'right' : undefined}>
            {label}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
