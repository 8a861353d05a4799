import { keepPreviousData, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import type { DeclaredDataProvider } from '../dataProvider/declaredDataProvider';
import { resources, type DeclaredActions } from '../resources';
import { declaredQueryKey, type DeclaredReadParams } from './declaredQueryKey';
import { pollInterval, type PollDeclaration } from './pollDeclaration';

/** How a view reads: beyond the values, nothing that belongs to the action (its polling is declared). */
export interface DeclaredQueryOptions {
  /** False while the values are not known yet (no template chosen). */
  enabled?: boolean;
  /** The last answer stays shown while the next values' answer loads (no flash as a choice changes). */
  keepPrevious?: boolean;
}

type DeclaredResource = keyof DeclaredActions & string;

/**
 * Reads the answer of one of a resource's named GET actions, the one way for a view to do so:
 * `useDeclaredQuery('publications', 'analytics', { id, data: { jobId } })`. The answer has the type its
 * endpoint declares and a misspelt name is a compile error. It is kept under the resource's query key
 * (./declaredQueryKey.ts), so every write to the resource (and to the resources its endpoint `follows`)
 * refreshes it at the data edge (withAfterSave); it is read again as the endpoint's `poll` declares. A
 * failure is the query's `error`, shown with the console's one notice (`LoadError`).
 */
export function useDeclaredQuery<
  TResource extends DeclaredResource,
  TAction extends keyof DeclaredActions[TResource] & string,
>(
  resource: TResource,
  action: TAction,
  params: DeclaredReadParams = {},
  { enabled = true, keepPrevious = false }: DeclaredQueryOptions = {},
): UseQueryResult<DeclaredActions[TResource][TAction]> {
  const dataProvider = useDataProvider<DeclaredDataProvider<DeclaredActions>>();
  const poll = declaredPoll(resource, action);
  const query = useQuery({
    ...declaredRead(dataProvider, resource, action, params),
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    refetchInterval: (query) => pollInterval(poll, query.state.data === undefined ? [] : [query.state.data]),
  });
  useAlsoRefreshed(poll?.alsoRefreshes ?? [], query.dataUpdatedAt);
  return query;
}

/**
 * Reads a declared action's answer now, from an event handler (a value checked before it is shown), into
 * the cache `useDeclaredQuery` reads with the same values: the view then shows it without asking again.
 */
export function useFetchDeclared() {
  const dataProvider = useDataProvider<DeclaredDataProvider<DeclaredActions>>();
  const queryClient = useQueryClient();
  return <TResource extends DeclaredResource, TAction extends keyof DeclaredActions[TResource] & string>(
    resource: TResource,
    action: TAction,
    params: DeclaredReadParams,
  ): Promise<DeclaredActions[TResource][TAction]> =>
    queryClient.fetchQuery(declaredRead(dataProvider, resource, action, params));
}

/** The query key and function of a declared read: one place for the hook and the imperative read. */
function declaredRead<
  TResource extends DeclaredResource,
  TAction extends keyof DeclaredActions[TResource] & string,
>(
  dataProvider: DeclaredDataProvider<DeclaredActions>,
  resource: TResource,
  action: TAction,
  params: DeclaredReadParams,
) {
  return {
    queryKey: declaredQueryKey(resource, action, params),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await dataProvider.action(resource, action, { ...params, signal })).data,
  };
}

function declaredPoll(resource: string, action: string): PollDeclaration<unknown> | undefined {
  const declaration = resources.find((candidate) => candidate.name === resource);
  return declaration?.api.actions?.[action]?.poll;
}

/** After each answer but the first, the reads of the resources that follow it are refreshed too. */
function useAlsoRefreshed(names: readonly string[], updatedAt: number): void {
  const queryClient = useQueryClient();
  const previous = useRef(updatedAt);
  const key = names.join(' ');
  useEffect(() => {
    const before = previous.current;
    previous.current = updatedAt;
    // No answer before this one: what follows it read its own first answer with it.
    if (before === 0 || before === updatedAt) return;
    for (const name of key.split(' ').filter(Boolean))
      void queryClient.invalidateQueries({ queryKey: [name] }, { cancelRefetch: false });
  }, [key, updatedAt, queryClient]);
}
