import type { Session } from '../authProvider/session';
import { carriesAuthResponse } from '../authProvider/signInPopupWindow';

/** The page is the identity provider's answer to a redirect sign-in (the site root with `#code=…`). */
export function returnsFromSignIn(location: Pick<Location, 'hash' | 'search'> = window.location): boolean {
  return carriesAuthResponse(location.hash) || carriesAuthResponse(location.search);
}

/** This tab signed in before (the session data react-admin's checkAuth needs are there). */
export function hasSignedInSession(session: Session): boolean {
  return !!session.userId && !!session.environmentId;
}

/** Where to go after signing in from the login screen: the deep link the user opened, if any. */
export function returnPath(
  location: Pick<Location, 'pathname' | 'search'> = window.location,
): string | undefined {
  return location.pathname === '/' || location.pathname === '/login'
    ? undefined
    : `${location.pathname}${location.search}`;
}

/** MSAL's list of the accounts in its cache (msal-browser 3, localStorage: see msalConfiguration). */
const msalAccountKeys = 'msal.account.keys';

/**
 * Another tab of this browser is signed in: MSAL's shared cache names an account. The console then starts
 * and signs this tab in silently (startSignIn), instead of the login screen asking again.
 */
export function hasSharedAccount(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    const keys: unknown = JSON.parse(storage.getItem(msalAccountKeys) ?? '[]');
    return Array.isArray(keys) && keys.length > 0;
  } catch {
    return false;
  }
}
