import type { GetListParams, GetOneParams, Identifier, RaRecord, SortPayload } from 'react-admin';
import { pageSize } from '@contract/paging';
import type { PrefetchedRead } from '../dataProvider/withPrefetch';
import type { DetailView } from './detailView';
import type { ResourceDeclaration } from './resourceDeclaration';
import { tableViewOf } from './tableViewOf';
import { routeValuesOf } from './useRouteValues';
import type { Params } from 'react-router-dom';

// Without a declared sort the server's own order applies (react-admin would sort on 'id' otherwise).
const serverOrder: SortPayload = { field: '', order: 'ASC' };

/**
 * What a declared table asks the server for: its declared sort and its fixed filter (the declared one
 * with the page's, e.g. `{ listId }`). DeclaredTable reads with these, and a page prefetches its first
 * rows with the same, so that the table finds them waiting.
 */
export function tableQuery(declaration: ResourceDeclaration, filter: Record<string, unknown> = {}) {
  const view = tableViewOf(declaration);
  return { sort: view.sort ?? serverOrder, filter: { ...view.filter, ...filter } };
}

/** The first page of a declared table, as react-admin's `<InfiniteList>` reads it. */
export function firstTablePage(
  declaration: ResourceDeclaration,
  filter: Record<string, unknown>,
): GetListParams {
  return { pagination: { page: 1, perPage: pageSize }, ...tableQuery(declaration, filter), meta: undefined };
}

/** The values a detail page's read of its record carries besides the id: the other route values. */
export function detailMeta(view: DetailView<RaRecord>, routeValues: Record<string, string | undefined>) {
  return { ...routeValues, ...view.meta };
}

/**
 * The reads a declared detail page makes once it renders: its record and the first page of each table
 * section filtered on it. Started from the route (prefetchRouteReads), they run while the console
 * still loads its theme and layout instead of one after the other.
 */
export function detailPageReads(
  declaration: ResourceDeclaration,
  view: DetailView<RaRecord>,
  params: Params,
): PrefetchedRead[] {
  const { id } = params;
  const routeValues = routeValuesOf(params);
  if (id === undefined || declaration.singleton) return [];
  const record: GetOneParams = { id: id as Identifier, meta: detailMeta(view, routeValues) };
  const tables = (view.sections ?? []).flatMap((section) =>
    'table' in section && !section.when
      ? [
          {
            method: 'getList' as const,
            resource: section.table.name,
            params: firstTablePage(section.table, { ...routeValues, [section.target]: id }),
          },
        ]
      : [],
  );
  return [{ method: 'getOne', resource: declaration.name, params: record }, ...tables];
}
