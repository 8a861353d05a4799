import type { RaRecord } from 'react-admin';
import type { ColumnDeclaration, TableView } from './viewDeclaration';
import { columnSource } from './declaredColumn';

/** How many columns a phone shows when the table declares no `phoneColumns`. */
const defaultPhoneColumnCount = 2;

/**
 * The columns a table shows at this width: all of them, or on a phone the declared `phoneColumns`
 * (in the table's order), so that the row's buttons stay on the screen instead of being cut off.
 */
export function visibleColumns(
  view: TableView<RaRecord>,
  isPhone: boolean,
): readonly ColumnDeclaration<RaRecord>[] {
  if (!isPhone) return view.columns;
  const { phoneColumns } = view;
  if (!phoneColumns) return view.columns.slice(0, defaultPhoneColumnCount);
  return view.columns.filter((column) => phoneColumns.includes(columnSource(column)));
}
