import type { Theme } from '@contract/themes';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { HttpError, useDataProvider } from 'react-admin';
import { useSession } from '../authProvider/useSession';
import type { ConsoleDataProvider, EnvironmentCalls } from './environmentCalls';

export const environmentThemeQueryKey = (environmentId: string | undefined) => [
  'environmentTheme',
  environmentId,
];

/**
 * The read of an environment's theme, shared by the hook and the reload's early read
 * (prefetchShellReads). A 4xx answer is final (404 = no theme yet); only server and network failures are
 * worth a retry.
 */
export function environmentThemeQuery(environmentId: string | undefined, dataProvider: EnvironmentCalls) {
  return {
    queryKey: environmentThemeQueryKey(environmentId),
    queryFn: () => dataProvider.getEnvironmentTheme(),
    retry: (failureCount: number, error: Error) =>
      !(error instanceof HttpError && error.status < 500) && failureCount < 2,
    staleTime: Infinity,
  };
}

/** The selected environment's theme (GET /themes); an HttpError 404 means it has none yet. */
export function useEnvironmentTheme(): UseQueryResult<Theme, Error> {
  const { environmentId } = useSession();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({ ...environmentThemeQuery(environmentId, dataProvider), enabled: !!environmentId });
}

export function isMissingTheme(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}
