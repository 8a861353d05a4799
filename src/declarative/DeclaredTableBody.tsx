import { Children, createElement, isValidElement, memo, useMemo, type ReactNode } from 'react';
import {
  RecordContextProvider,
  useDataTableCallbacksContext,
  useDataTableDataContext,
  useDataTableStoreContext,
  useGetPathForRecordCallback,
  useNavigate,
  useResourceContext,
  useResourceDefinition,
  useStore,
  type DataTableColumnProps,
  type RaRecord,
} from 'react-admin';

/**
 * The rows of a declared table as plain `<tr>` and `<td>` elements, in place of react-admin's
 * `DataTableBody`. A table draws 250 rows of 7 columns at once: react-admin's cell is an MUI
 * `TableCell` in an emotion-styled wrapper with its own store subscription (hidden columns), which
 * made most of a reload's render time (docs/performance.md). Here the table reads the hidden columns
 * once, the elements carry the class names MUI and react-admin give them, and the table's `sx`
 * (`tableBodyStyles`) styles those once. A row still provides its record (RecordContext) to the field
 * components in its cells, and opens as react-admin's row does on a click (`rowClick`).
 *
 * Not supported, as no declared table uses them: row selection (`bulkActionButtons`), expanding rows,
 * `rowSx`, and a column's `sx` or `cellSx`.
 */
export const DeclaredTableBody = memo(function DeclaredTableBody({ children }: { children?: ReactNode }) {
  const data = useDataTableDataContext();
  const { rowClick } = useDataTableCallbacksContext();
  const { storeKey, defaultHiddenColumns } = useDataTableStoreContext();
  const [hiddenColumns] = useStore<string[]>(storeKey, defaultHiddenColumns);
  const resource = useResourceContext();
  const { hasShow, hasEdit } = useResourceDefinition();
  const navigate = useNavigate();
  const getPathForRecord = useGetPathForRecordCallback();

  const columns = useMemo(
    () =>
      Children.toArray(children)
        .filter(isValidElement<DataTableColumnProps>)
        .map((column) => column.props)
        .filter(({ source, label }) => !hiddenColumns.includes(source ?? (label as string))),
    [children, hiddenColumns],
  );

  // As react-admin's DataTableRow: the row's link (a path, 'edit', 'show' or false) decides where it goes.
  if (!resource) throw new Error('DeclaredTableBody needs a ResourceContext');
  const open = async (record: RaRecord) => {
    const link = typeof rowClick === 'function' ? await rowClick(record.id, resource, record) : rowClick;
    if (link === 'expand' || link === 'toggleSelection') return;
    const path = await getPathForRecord({ record, resource, link });
    if (path === false || path == null) return;
    void navigate(path, { state: { _scrollToTop: true } });
  };
  const clickable = Boolean(rowClick ?? (hasShow || hasEdit));
  const rowClass = `MuiTableRow-root MuiTableRow-hover RaDataTable-row RaDataTable-selectable${clickable ? ' RaDataTable-clickableRow' : ''}`;

  return (
    <tbody className="MuiTableBody-root datatable-body RaDataTable-tbody">
      {data?.map((record: RaRecord, rowIndex) => (
        <RecordContextProvider value={record} key={record.id ?? `row${rowIndex}`}>
          <tr
            className={`${rowClass} ${rowIndex % 2 === 0 ? 'RaDataTable-rowEven' : 'RaDataTable-rowOdd'}`}
            onClick={() => void open(record)}
          >
            {columns.map((column, columnIndex) => (
              <td key={column.source ?? columnIndex} className={cellClass(column)}>
                {cellContent(column, record)}
              </td>
            ))}
          </tr>
        </RecordContextProvider>
      ))}
    </tbody>
  );
});

/** The class names MUI's TableCell and react-admin's DataTableCell give a body cell. */
function cellClass({ source, align, className, cellClassName }: DataTableColumnProps): string {
  return [
    'MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall RaDataTable-rowCell',
    align && align !== 'inherit' ? `MuiTableCell-align${align[0]?.toUpperCase()}${align.slice(1)}` : '',
    className,
    cellClassName,
    `column-${source}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** What react-admin's DataTableCell shows: the column's children, its render, its field or the value. */
function cellContent({ children, render, field, source }: DataTableColumnProps, record: RaRecord): ReactNode {
  if (children !== undefined) return children;
  if (render) return render(record);
  if (field) return createElement(field, { source });
  if (source === undefined) return null;
  const value: unknown = source
    .split('.')
    .reduce<unknown>(
      (parent, key) => (parent == null ? undefined : (parent as Record<string, unknown>)[key]),
      record,
    );
  return value == null ? null : String(value);
}
