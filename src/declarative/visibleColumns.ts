import type { RaRecord } from 'react-admin';
import type { ColumnDeclaration, TableView } from './viewDeclaration';
import { columnSource } from './declaredColumn';

/** How many columns a phone shows when the table declares no `phoneColumns`. */
const defaultPhoneColumnCount = 2;

/** A column the table shows, with the columns shown under its content (on a phone, `phoneUnder`). */
export interface VisibleColumn {
  column: ColumnDeclaration<RaRecord>;
  under: readonly ColumnDeclaration<RaRecord>[];
}

function phoneUnderOf(column: ColumnDeclaration<RaRecord>): string | undefined {
  return typeof column === 'string' ? undefined : column.phoneUnder;
}

/**
 * The columns a table shows at this width: all of them, or on a phone the declared `phoneColumns`
 * (in the table's order), so that the row's buttons stay on the screen instead of being cut off; a
 * column declaring `phoneUnder` then shows under the column it names.
 */
export function visibleColumns(view: TableView<RaRecord>, isPhone: boolean): readonly VisibleColumn[] {
  if (!isPhone) return view.columns.map((column) => ({ column, under: [] }));
  const own = view.columns.filter((column) => phoneUnderOf(column) === undefined);
  const { phoneColumns } = view;
  const shown = phoneColumns
    ? own.filter((column) => phoneColumns.includes(columnSource(column)))
    : own.slice(0, defaultPhoneColumnCount);
  return shown.map((column) => ({
    column,
    under: view.columns.filter((candidate) => phoneUnderOf(candidate) === columnSource(column)),
  }));
}
