import { useEffect } from 'react';
import { readSession, updateSession } from '../authProvider/session';
import { useEnvironmentTheme } from './useEnvironmentTheme';

/**
 * Keeps the session's copy of the selected environment's logo (spec §3 available environments,
 * theme{fileIdToLogo}) equal to its theme as last read: a logo saved on the settings page shows on the
 * environments page at once, without signing in again.
 */
export function useSessionFollowsTheme(): void {
  const { data: theme } = useEnvironmentTheme();
  const fileIdToLogo = theme?.fileIdToLogo;
  useEffect(() => {
    if (fileIdToLogo === undefined) return;
    const session = readSession();
    const environments = session.availableEnvironments;
    const current = environments?.find((entry) => entry.environment.id === session.environmentId);
    if (!environments || !current || current.theme?.fileIdToLogo === fileIdToLogo) return;
    updateSession({
      availableEnvironments: environments.map((entry) =>
        entry === current ? { ...entry, theme: { fileIdToLogo } } : entry,
      ),
    });
  }, [fileIdToLogo]);
}
