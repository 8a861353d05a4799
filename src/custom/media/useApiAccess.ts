import { useCallback } from 'react';
import { useAuthProvider } from 'react-admin';
import { readSession } from '../../authProvider/session';

/** What a request outside the dataProvider needs: where to go and the credentials it carries. */
export interface ApiAccess {
  baseUrl: string;
  accessToken: string;
  environmentId: string;
}

/**
 * For the calls that cannot go through the dataProvider's JSON client: uploads (progress needs
 * XMLHttpRequest; downloads are links the browser follows, see useActionDownload). `checkAuth` first
 * renews an expired token silently, exactly as every dataProvider call does; the session then holds the
 * token and the selected environment.
 */
export function useApiAccess(): () => Promise<ApiAccess> {
  const authProvider = useAuthProvider();
  return useCallback(async () => {
    await authProvider?.checkAuth({});
    const session = readSession();
    return {
      baseUrl: (session.baseUrl ?? '').replace(/\/+$/, ''),
      accessToken: session.accessToken ?? '',
      environmentId: session.environmentId ?? session.defaultEnvironmentId ?? '',
    };
  }, [authProvider]);
}

/** `{baseUrl}/api/1/{environmentId}{path}` */
export function environmentUrl(access: ApiAccess, path: string): string {
  return `${access.baseUrl}/api/1/${encodeURIComponent(access.environmentId)}${path}`;
}
