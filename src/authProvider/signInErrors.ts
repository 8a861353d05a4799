import { AuthError } from '@azure/msal-browser';
import { HttpError } from 'react-admin';

import { SignInError } from './signInError';

// Defined apart (no MSAL, no react-admin), so the small entry can recognise it too.
export { SignInError };

/** MSAL error codes the user can act on, with their message. */
const msalMessageKeys: Readonly<Record<string, string>> = {
  popup_window_error: 'app.login.error.popup_blocked',
  empty_window_error: 'app.login.error.popup_blocked',
  user_cancelled: 'app.login.error.cancelled',
  access_denied: 'app.login.error.cancelled',
  interaction_in_progress: 'app.login.error.in_progress',
  no_network_connectivity: 'app.login.error.network',
  endpoints_resolution_error: 'app.login.error.network',
};

/** The i18n key of the Dutch message the login page shows for a failed sign-in. */
export function signInErrorMessageKey(error: unknown): string {
  if (error instanceof SignInError) return error.messageKey;
  if (error instanceof AuthError) return msalMessageKeys[error.errorCode] ?? 'app.login.error.generic';
  if (error instanceof HttpError) {
    if (error.status === 401 || error.status === 403) return 'app.login.error.no_access';
    return 'app.login.error.server';
  }
  if (error instanceof TypeError) return 'app.login.error.network'; // fetch's network failure
  return 'app.login.error.generic';
}

let lastSignInErrorKey: string | undefined;

/**
 * A redirect sign-in fails on the page load that comes back from the identity provider, before the
 * login page exists; the failure is parked here for the login page to show.
 */
export function rememberSignInError(error: unknown): void {
  lastSignInErrorKey = signInErrorMessageKey(error);
}

export function lastSignInError(): string | undefined {
  return lastSignInErrorKey;
}

export function forgetSignInError(): void {
  lastSignInErrorKey = undefined;
}
