import type { AuthenticationResult, IPublicClientApplication, SilentRequest } from '@azure/msal-browser';
import { HttpError } from 'react-admin';
import { tokenRenewalOffsetSeconds } from './msalConfiguration';
import { readSession } from './session';

export interface AccessTokenSource {
  /** A valid access token for an API call; refreshes silently when the stored one has expired. */
  getAccessToken(): Promise<string>;
  /** Whether the stored token is still valid (with MSAL's renewal margin). */
  hasValidToken(): boolean;
  /** Asks MSAL for a fresh token now (refresh token grant when the cached one expired). */
  refresh(): Promise<string>;
}

interface AccessTokenSourceOptions {
  msal: IPublicClientApplication;
  tokenRequest: Omit<SilentRequest, 'account'>;
  /** Reruns the sign-in handling with the refreshed result (stores token and expiry). */
  onRefreshed(result: AuthenticationResult): void;
  now?: () => number;
}

/** The message of the 401 that sends the user back to the login page when no token can be had. */
export const sessionExpiredMessage = 'app.auth.session_expired';

export function createAccessTokenSource({
  msal,
  tokenRequest,
  onRefreshed,
  now = Date.now,
}: AccessTokenSourceOptions): AccessTokenSource {
  // Calls that find the token expired at the same moment share one refresh.
  let pendingRefresh: Promise<string> | undefined;

  function hasValidToken(): boolean {
    const { accessToken, tokenExpiresAt } = readSession();
    return !!accessToken && !!tokenExpiresAt && tokenExpiresAt - tokenRenewalOffsetSeconds * 1000 > now();
  }

  async function refreshOnce(): Promise<string> {
    const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0];
    if (!account) throw new HttpError(sessionExpiredMessage, 401);
    try {
      const result = await msal.acquireTokenSilent({ ...tokenRequest, account });
      onRefreshed(result);
      return result.accessToken;
    } catch (error) {
      // Refresh token expired or revoked, provider unreachable, …: the request fails with a 401, and
      // react-admin's checkError/checkAuth take the user back to the login page.
      console.error('Silent token refresh failed', error);
      throw new HttpError(sessionExpiredMessage, 401);
    }
  }

  function refresh(): Promise<string> {
    pendingRefresh ??= refreshOnce().finally(() => {
      pendingRefresh = undefined;
    });
    return pendingRefresh;
  }

  async function getAccessToken(): Promise<string> {
    const { accessToken } = readSession();
    if (accessToken && hasValidToken()) return accessToken;
    return refresh();
  }

  return { getAccessToken, hasValidToken, refresh };
}
