import type {
  AccountInfo,
  AuthenticationResult,
  IPublicClientApplication,
  RedirectRequest,
} from '@azure/msal-browser';
import { vi } from 'vitest';

/** The account the fake identity provider signs in. */
export function accountFor(email: string, name = 'Anne de Vries'): AccountInfo {
  return {
    homeAccountId: `${email}.home`,
    localAccountId: email,
    environment: 'localhost:8443',
    tenantId: '',
    username: email,
    name,
    idToken: 'raw-id-token',
  };
}

export function authenticationResult(
  account: AccountInfo,
  accessToken: string,
  expiresOn: Date,
  state?: string,
): AuthenticationResult {
  return {
    authority: 'https://localhost:8443/oidc',
    uniqueId: account.localAccountId,
    tenantId: '',
    scopes: ['api://console/access_as_user', 'User.Read'],
    account,
    idToken: 'id-token',
    idTokenClaims: {},
    accessToken,
    fromCache: false,
    expiresOn,
    tokenType: 'Bearer',
    correlationId: 'test',
    state,
  };
}

/** Where the fake MSAL sends the browser (or the popup) to sign in. */
export const authorizeUrl = 'https://localhost:8443/oidc/auth?client_id=console&state=st4te';

/**
 * A stand-in for MSAL's PublicClientApplication: the edge of the console towards the identity
 * provider. It keeps an account cache like MSAL does; each method is a spy. `loginRedirect` hands the
 * provider's URL to `onRedirectNavigate` as MSAL does; `handleRedirectPromise(answer)` redeems an
 * answer carrying a code with what `completeSignInWith` / `failSignInWith` set.
 */
export function createFakeMsal() {
  let activeAccount: AccountInfo | null = null;
  const accounts: AccountInfo[] = [];
  let outcome: { result?: AuthenticationResult; error?: unknown } = {};
  const fake = {
    initialize: vi.fn(async () => {}),
    handleRedirectPromise: vi.fn(async (answer?: string): Promise<AuthenticationResult | null> => {
      if (!answer || !/[#?&]code=/.test(answer)) return null;
      if (outcome.error) throw outcome.error;
      return outcome.result ?? null;
    }),
    loginRedirect: vi.fn(async (request: RedirectRequest) => {
      request.onRedirectNavigate?.(authorizeUrl);
    }),
    acquireTokenSilent: vi.fn<(request: unknown) => Promise<AuthenticationResult>>(),
    logoutRedirect: vi.fn(async (_request: unknown) => {}),
    clearCache: vi.fn(async () => {
      accounts.length = 0;
      activeAccount = null;
    }),
    getActiveAccount: () => activeAccount,
    setActiveAccount: (account: AccountInfo | null) => {
      activeAccount = account;
      if (account && !accounts.some((known) => known.homeAccountId === account.homeAccountId))
        accounts.push(account);
    },
    getAllAccounts: () => [...accounts],
    completeSignInWith: (result: AuthenticationResult) => {
      outcome = { result };
    },
    failSignInWith: (error: unknown) => {
      outcome = { error };
    },
  };
  return { fake, msal: fake as unknown as IPublicClientApplication };
}

export type FakeMsal = ReturnType<typeof createFakeMsal>['fake'];
