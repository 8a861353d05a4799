import { useEffect, useRef } from 'react';
import { useLocation, useLogin } from 'react-admin';
import { renderLoginScreen } from '../boot/loginScreen';
import type { SignInParams } from './authProvider';
import { chooseSignInMethod } from './signInMethod';
import { lastSignInError, signInErrorMessageKey } from './signInErrors';

/** react-admin puts the page the user wanted into the login route's state. */
interface LoginLocationState {
  nextPathname?: string;
  nextSearch?: string;
}

/**
 * react-admin's login page (after signing out, or when the session expired): the login screen the small
 * entry shows before the console loads (boot/loginScreen.ts), signing in through react-admin's `login`.
 */
export function LoginPage() {
  const login = useLogin();
  const location = useLocation();
  const container = useRef<HTMLDivElement>(null);
  // The screen is built once; the click reads the current login function and route state.
  const latest = useRef({ login, location });
  useEffect(() => {
    latest.current = { login, location };
  });

  useEffect(
    () =>
      renderLoginScreen(container.current!, {
        method: chooseSignInMethod(),
        errorKey: lastSignInError(),
        async onSignIn() {
          const state = (latest.current.location.state ?? {}) as LoginLocationState;
          const params: SignInParams = {
            returnTo: state.nextPathname ? `${state.nextPathname}${state.nextSearch ?? ''}` : undefined,
          };
          try {
            await latest.current.login(params);
            return undefined;
          } catch (error) {
            return signInErrorMessageKey(error);
          }
        },
      }),
    [],
  );
  return <div ref={container} />;
}
