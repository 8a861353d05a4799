/** The name the console gives its sign-in popup; the page loaded in it recognises itself by it. */
export const signInPopupName = 'dpp.sign-in';

/** Whether a URL's hash or query carries the identity provider's answer to a sign-in request. */
export function carriesAuthResponse(response: string): boolean {
  return /[#?&](code|error)=/.test(response) && /[#?&]state=/.test(response);
}

/**
 * Whether this page is the console's sign-in popup, back on the redirect URI ('/') with the identity
 * provider's answer. The opener reads the answer from this window's URL and closes it; the console
 * must not start here (no second MSAL instance, no handleRedirectPromise that would consume the answer
 * first, no UI). MSAL's own popups ("msal.…") are recognised too.
 */
export function isSignInPopupWindow(view: Pick<Window, 'opener' | 'name' | 'location'> = window): boolean {
  const opened = view.opener !== null && view.opener !== undefined && view.opener !== view;
  const named = view.name === signInPopupName || view.name.startsWith('msal.');
  return opened && named && carriesAuthResponse(`${view.location.hash}&${view.location.search}`);
}

/**
 * Opens the sign-in popup, empty, centred and of the size identity providers design their sign-in pages
 * for. Must run in direct response to the click (browsers block popups opened later), before anything
 * is awaited; null when the browser blocked it.
 */
export function openSignInPopup(view: Window = window): Window | null {
  const width = 483;
  const height = 600;
  const left = Math.max(0, view.screenX + (view.outerWidth - width) / 2);
  const top = Math.max(0, view.screenY + (view.outerHeight - height) / 2);
  return view.open(
    'about:blank',
    signInPopupName,
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
}
