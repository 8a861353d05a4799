import type { AvailableEnvironment } from '@contract/environment';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useNotify } from 'react-admin';
import { updateSession } from '../authProvider/session';
import { environmentThemeQueryKey } from './useEnvironmentTheme';

const keptOnSwitch = new Set(['auth', environmentThemeQueryKey(undefined)[0]]);
/** react-admin's auth queries that depend on the environment: the member's role differs per environment. */
const perEnvironmentAuth = new Set(['canAccess', 'getPermissions']);

const keptQuery = (key: readonly unknown[]) =>
  keptOnSwitch.has(String(key[0])) && !(key[0] === 'auth' && perEnvironmentAuth.has(String(key[1])));

/** Where the console lands after a switch: the start page of the new environment. */
export const homePath = '/publications/';

/**
 * Makes another environment the selected one: every following call goes to it (path and
 * X-Environment-Id), the data of the previous environment is dropped from react-query's cache and
 * what is on screen reloads, and the sidebar (subscribed to the session) shows the new name.
 */
export function useSwitchEnvironment(): (entry: AvailableEnvironment) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();

  return useCallback(
    (entry: AvailableEnvironment) => {
      updateSession({ environmentId: entry.environment.id });
      // Reset what was read from the previous environment (mounted queries refetch from the new one).
      // Kept: react-admin's auth queries (the user did not change; their role may have) and queries keyed by their own
      // environment, whose cached answers stay right for that environment.
      void queryClient.resetQueries({ predicate: (query) => !keptQuery(query.queryKey) });
      navigate(homePath);
      notify('app.environments.switched', { type: 'info', messageArgs: { name: entry.environment.name } });
    },
    [queryClient, navigate, notify],
  );
}
