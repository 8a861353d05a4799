import type { AuthenticationResult, IPublicClientApplication, RedirectRequest } from '@azure/msal-browser';
import { SignInError } from './signInErrors';
import { carriesAuthResponse, openSignInPopup } from './signInPopupWindow';

/** How often the console looks whether the popup has come back with the provider's answer. */
const pollIntervalMs = 100;

/**
 * Popup sign-in that also works with the identity provider on the console's own origin (the embedded
 * provider under /oidc). msal-browser 3.x's `loginPopup` takes the first same-origin page it sees in the
 * popup for the answer, so with a same-origin provider it reads the provider's own sign-in form, finds
 * no code, fails with `hash_empty_error` and closes the popup under the user's hands.
 *
 * Instead, MSAL prepares a redirect sign-in (state, nonce, PKCE; `onRedirectNavigate` returns false so
 * this page stays) and the provider's URL opens in a popup. Once the popup is back on the redirect URI
 * with the answer, the console hands that answer to `handleRedirectPromise`, which validates it against
 * the prepared request and redeems the code, as after a full-page redirect.
 */
export async function signInWithPopup(
  msal: IPublicClientApplication,
  request: RedirectRequest,
  view: Window = window,
  // Opened before anything is awaited: browsers only allow popups in direct response to the click. The
  // login screen may have opened it already (it loads MSAL after the click).
  popup: Window | null = openSignInPopup(view),
): Promise<AuthenticationResult> {
  if (!popup) throw new SignInError('app.login.error.popup_blocked');
  try {
    await msal.loginRedirect({
      ...request,
      onRedirectNavigate: (url) => {
        popup.location.href = url;
        return false;
      },
    });
    const response = await waitForAuthResponse(popup, view);
    const result = await msal.handleRedirectPromise(response);
    if (!result) throw new SignInError('app.login.error.generic');
    return result;
  } catch (error) {
    // A closed popup or a failed exchange leaves MSAL's redirect "in progress"; an answer without any
    // known field makes it clean up, so the next attempt is not refused as interaction_in_progress.
    await msal.handleRedirectPromise(`#dpp_sign_in_abandoned=${Date.now()}`).catch(() => null);
    throw error;
  } finally {
    if (!popup.closed) popup.close();
  }
}

/**
 * Resolves with the answer (`#code=…&state=…` or `#error=…`) once the popup is back on the redirect
 * URI ('/') of this origin; pages in between (the provider's own, same origin or not) are waited out.
 * Rejects when the user closes the popup.
 */
function waitForAuthResponse(popup: Window, view: Window): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = view.setInterval(() => {
      if (popup.closed) {
        view.clearInterval(timer);
        reject(new SignInError('app.login.error.cancelled'));
        return;
      }
      let location: Location;
      try {
        location = popup.location;
        if (location.origin !== view.location.origin) return;
      } catch {
        return; // a page of another origin (an external provider) cannot be read: still signing in
      }
      const response = location.hash || location.search;
      if (location.pathname === '/' && carriesAuthResponse(response)) {
        view.clearInterval(timer);
        resolve(response);
      }
    }, pollIntervalMs);
  });
}
