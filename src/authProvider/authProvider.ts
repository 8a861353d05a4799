import type { IPublicClientApplication } from '@azure/msal-browser';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { sessionExpiredMessage, type AccessTokenSource } from './accessToken';
import type { SignInRequests } from './msalConfiguration';
import { clearSignedInUser, readSession, updateSession, type SignInType } from './session';
import type { SignInHandling } from './signInHandling';
import type { MemberAccess } from './memberAccess';
import { chooseSignInMethod } from './signInMethod';
import { signInWithPopup } from './signInPopup';
import { forgetSignInError, SignInError, signInErrorMessageKey } from './signInErrors';

/** `login(params)`: where to go after a redirect sign-in (react-admin's `nextPathname`). */
export interface SignInParams {
  returnTo?: string;
  /** The sign-in popup, when the login screen opened it in the click already (see signInPopup.ts). */
  popup?: Window;
}

/** `logout(params)`: the sign-out action also ends the identity provider's session. */
export interface SignOutParams {
  endIdentityProviderSession?: boolean;
}

interface AuthProviderOptions {
  msal: IPublicClientApplication;
  requests: SignInRequests;
  signIn: SignInHandling;
  tokens: AccessTokenSource;
  chooseMethod?: () => SignInType;
  /** The member's role and what it allows (react-admin's `canAccess` and `getPermissions`). */
  access?: MemberAccess;
}

/**
 * react-admin's authProvider over MSAL. ra-auth-msal's provider does not fit this console: it only signs
 * in by redirect to an `/auth-callback` route, asks for `User.Read` alone, signs out through the identity
 * provider on every failed check and keeps no session data; so the provider is written here, following
 * the same react-admin contract.
 */
export function createAuthProvider({
  msal,
  requests,
  signIn,
  tokens,
  chooseMethod = chooseSignInMethod,
  access,
}: AuthProviderOptions): AuthProvider {
  return {
    ...(access ? { canAccess: access.canAccess, getPermissions: access.getPermissions } : {}),

    async login(params: SignInParams = {}) {
      forgetSignInError();
      const method = chooseMethod();
      try {
        if (method === 'redirect') {
          updateSession({ signInType: 'redirect' });
          // The request state carries the deep link back; startSignIn restores it after the return.
          await msal.loginRedirect({ ...requests.login, state: safeReturnPath(params.returnTo) });
          // The browser is leaving for the identity provider: keep the login page busy until it has.
          return new Promise<never>(() => {});
        }
        const result = await signInWithPopup(msal, requests.login, window, params.popup);
        msal.setActiveAccount(result.account);
        await signIn.completeSignIn(result, 'popup');
      } catch (error) {
        console.error('Sign-in failed', error);
        throw new SignInError(signInErrorMessageKey(error));
      }
    },

    async logout(params: SignOutParams = {}) {
      const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0];
      clearSignedInUser();
      if (params.endIdentityProviderSession && account) {
        // The ID token tells an OIDC provider which client signs out; without it (MSAL 3 sends no
        // client_id) the provider may not return to the post-logout redirect URI.
        await msal.logoutRedirect({ account, idTokenHint: account.idToken });
        // The browser is on its way to the provider's sign-out page, which returns to '/'.
        return false;
      }
      // A failed check or an expired session: forget this tab's tokens, without a trip to the provider.
      await msal.clearCache();
    },

    async checkAuth() {
      const { userId, environmentId } = readSession();
      const account = msal.getActiveAccount() ?? msal.getAllAccounts()[0];
      // Not signed in: the login page says enough, so no notification.
      if (!account || !userId || !environmentId) return Promise.reject({ message: false });
      if (tokens.hasValidToken()) return;
      try {
        await tokens.refresh();
      } catch {
        return Promise.reject({ message: sessionExpiredMessage });
      }
    },

    async checkError(error: { status?: number }) {
      // 401: the token was refused or could not be refreshed. 403 means "not for this environment" and
      // keeps the user signed in; the failing view shows the server's message.
      if (error?.status === 401) return Promise.reject({ message: sessionExpiredMessage });
      // A role changed meanwhile may be why: the next check reads it again.
      if (error?.status === 403) access?.forget();
    },

    async getIdentity(): Promise<UserIdentity> {
      const { userId, userName, userEmail } = readSession();
      return { id: userId ?? '', fullName: userName ?? userEmail, email: userEmail };
    },
  };
}

/** Only a path of this site may come back from the identity provider as the place to return to. */
function safeReturnPath(path: string | undefined): string | undefined {
  return path && path.startsWith('/') && !path.startsWith('//') ? path : undefined;
}
