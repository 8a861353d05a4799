import { useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  InfiniteList,
  InfinitePagination,
  SearchInput,
  SelectInput,
  useListContext,
  type RaRecord,
} from 'react-admin';
import { AccessDenied, isAccessDenied } from '../layout/AccessDenied';
import { LoadError } from '../layout/LoadError';
import { ActionChoicesInput } from './ActionChoicesInput';
import { declaredColumn } from './declaredColumn';
import { DutchDateInput } from './DutchDateInput';
import { DeleteRowButton } from './DeleteRowButton';
import { LoadingMessage } from './LoadingMessage';
import { pollInterval } from './pollDeclaration';
import { ReorderButtons } from './ReorderButtons';
import { RowActionButton } from './RowActionButton';
import type { ResourceDeclaration } from './resourceDeclaration';
import { TableActions } from './TableActions';
import { TableEmpty } from './TableEmpty';
import { useDeclaredAccessCheck } from './useDeclaredAccess';
import { tableViewOf } from './tableViewOf';
import { tableQuery } from './pageReads';
import { useLabel } from './useLabel';
import { useRowClick } from './useRowClick';
import { useRowOpener } from './RowOpenLink';
import { tableBodyStyles, tableRowStyles } from './tableRowClasses';
import { DeclaredTableBody } from './DeclaredTableBody';
import { visibleColumns } from './visibleColumns';
import { pageSize } from '@contract/paging';

export interface DeclaredTableProps {
  declaration: ResourceDeclaration;
  /**
   * Fixed filter values, which are also call values: `{ listId }` fills the path of the subscribers
   * of one list, and goes along to the forms the table opens.
   */
  filter?: Record<string, unknown>;
  /** Part of another page: no page title, and search and sort stay out of the URL. */
  embedded?: boolean;
  /** The table's accessible name, e.g. its section's title ('Inzendingen'). */
  tableLabel?: string;
}

const searchFilter = <SearchInput key="q" source="q" alwaysOn />;

/** The search box (unless the view turns it off), the view's choice filters and day filters, always shown. */
function tableFilters(declaration: ResourceDeclaration, view: ReturnType<typeof tableViewOf>) {
  const filters = [
    ...(view.search === false ? [] : [searchFilter]),
    ...(view.choiceFilters ?? []).map(({ source, label, choices }) =>
      'action' in choices ? (
        <ActionChoicesInput
          key={source}
          resource={declaration.name}
          source={source}
          label={label}
          action={choices.action}
          optionText={choices.optionText}
          alwaysOn
        />
      ) : (
        <SelectInput
          key={source}
          source={source}
          label={label}
          choices={[...choices]}
          emptyText="declarative.table.all"
          alwaysOn
        />
      ),
    ),
    // A day typed half way is no filter yet: react-admin's filter form waits until its inputs are valid.
    ...(view.dateFilters ?? []).map(({ source, label }) => (
      <DutchDateInput key={source} source={source} label={label} withTime={false} alwaysOn />
    )),
  ];
  return filters.length === 0 ? undefined : filters;
}

// Wide tables scroll inside their card on phones instead of widening the whole page.
const tableLayout = {
  // The rows' plain cells look like MUI's; the rules below adjust them.
  ...tableBodyStyles,
  minWidth: 0,
  '& .RaList-main': { minWidth: 0 },
  '& .RaList-content': { overflowX: 'auto' },
  // Words never break inside ('Verzonde|n'): e-mail addresses break before their '@' (EmailAddress), and a
  // table wider than a phone scrolls sideways within its card. The first column, the row's name, keeps
  // room for a few words on a phone instead of a few letters per line.
  '& .RaDataTable-rowCell:first-of-type': { minWidth: { xs: '8rem', sm: 'auto' } },
  // Narrower gutters on a phone, so that a row's buttons stay on the screen.
  '& .RaDataTable-rowCell, & .RaDataTable-headerCell': { px: { xs: 1, sm: 2 } },
  // The rows' buttons and links are plain elements styled here once, not per row.
  ...tableRowStyles,
};

/**
 * The shared data table (spec §2) on react-admin's `<InfiniteList>` and `<DataTable>`, whose rows are
 * plain cells (`DeclaredTableBody`): 250 rows per request and the next 250 when the end scrolls into
 * view, without page numbers or page-size menu; the search box, the choice filters and the sortable
 * headers query the server.
 */
export function DeclaredTable({ declaration, filter, embedded = false, tableLabel }: DeclaredTableProps) {
  const view = tableViewOf(declaration);
  const label = useLabel();
  const query = tableQuery(declaration, filter);

  return (
    <InfiniteList
      resource={declaration.name}
      perPage={pageSize}
      pagination={<InfinitePagination />}
      filters={tableFilters(declaration, view)}
      filter={query.filter}
      sort={query.sort}
      actions={<TableActions declaration={declaration} meta={filter} />}
      title={embedded ? false : label(view.title)}
      disableSyncWithLocation={embedded}
      empty={false}
      // A failed read shows in the table (LoadError), not a second time as a notification.
      queryOptions={{
        onError: () => undefined,
        refetchInterval: (query) =>
          pollInterval(view.poll, query.state.data?.pages.flatMap((page) => page.data) ?? []),
      }}
      sx={tableLayout}
    >
      <DeclaredRows declaration={declaration} meta={filter} tableLabel={tableLabel} />
    </InfiniteList>
  );
}

function DeclaredRows({
  declaration,
  meta,
  tableLabel,
}: {
  declaration: ResourceDeclaration;
  meta?: Record<string, unknown>;
  tableLabel?: string;
}) {
  const view = tableViewOf(declaration);
  const { isPending, error, refetch } = useListContext();
  const rowClick = useRowClick(declaration, meta);
  const opener = useRowOpener(declaration, meta);
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const label = useLabel();
  const access = useDeclaredAccessCheck(declaration);
  if (isAccessDenied(error)) return <AccessDenied />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <LoadingMessage />;
  const columns = visibleColumns(view, isPhone);
  // The row's buttons the member's role allows; the others are absent.
  const confirmDelete = view.delete && access('delete').shown ? view.delete : undefined;
  const reorder = view.reorder && access(view.reorder.action).shown ? view.reorder : undefined;
  const rowActions = (view.rowActions ?? []).filter((action) => access(action.run.action).shown);
  const deleteLabel = label('ra.action.delete');
  return (
    <DataTable
      aria-label={tableLabel}
      rowClick={rowClick}
      bulkActionButtons={false}
      body={DeclaredTableBody}
      empty={<TableEmpty text={view.empty} declaration={declaration} meta={meta} />}
    >
      {columns.map((visible, index) =>
        declaredColumn(declaration, visible, label, index === 0 ? opener : undefined),
      )}
      {reorder ? (
        <DataTable.Col label=" " disableSort>
          <ReorderButtons declaration={declaration} reorder={reorder} meta={meta} />
        </DataTable.Col>
      ) : null}
      {rowActions.map((action) => (
        <DataTable.Col
          key={`${action.run.action}:${action.label}`}
          label=" "
          disableSort
          render={(record: RaRecord) => (
            <RowActionButton declaration={declaration} record={record} action={action} meta={meta} />
          )}
        />
      ))}
      {confirmDelete ? (
        <DataTable.Col
          render={(record: RaRecord) => (
            <DeleteRowButton
              declaration={declaration}
              record={record}
              confirm={confirmDelete}
              meta={meta}
              label={deleteLabel}
            />
          )}
        />
      ) : null}
    </DataTable>
  );
}
