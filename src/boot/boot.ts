import type { EnvironmentInfo } from '@contract/environment';
import { readSession } from '../authProvider/session';
import { chooseSignInMethod } from '../authProvider/signInMethod';
import { openSignInPopup } from '../authProvider/signInPopupWindow';
import { apiBaseUrl } from '../environments/apiBaseUrl';
import { EnvironmentInfoError, fetchEnvironmentInfo } from '../environments/fetchEnvironmentInfo';
import type { ConsoleServices } from '../startConsole';
import { renderLoginScreen } from './loginScreen';
import { hasSharedAccount, hasSignedInSession, returnPath, returnsFromSignIn } from './signInState';
import { longestRetrySeconds, renderStartupScreen } from './startupScreen';

type ConsoleModule = typeof import('../console');

let consoleModule: Promise<ConsoleModule> | undefined;

/** The console's code (react-admin, MUI, MSAL): fetched once, when needed or in the background. */
function loadConsole(): Promise<ConsoleModule> {
  consoleModule ??= import('../console').catch((error: unknown) => {
    consoleModule = undefined; // a failed download may be retried
    throw error;
  });
  return consoleModule;
}

/**
 * The start of spec §1 without the console's weight: the spinner while the environment info loads, then
 * either the console (a session to restore, or the answer of a redirect sign-in to complete) or the
 * login screen, which needs neither react-admin nor MSAL until 'Inloggen' is clicked. A start that
 * fails is tried again, by itself or on request; `failuresBefore` counts the failed starts before this one.
 */
export async function boot(container: HTMLElement, failuresBefore = 0): Promise<void> {
  const removeSpinner = renderStartupScreen(container);
  try {
    // A session to restore (this tab's, or another tab's account to sign in with silently) needs the
    // console: its code downloads next to the environment info.
    const needsConsole = returnsFromSignIn() || hasSignedInSession(readSession()) || hasSharedAccount();
    const consoleLoading = needsConsole ? loadConsole() : undefined;
    consoleLoading?.catch(() => undefined); // awaited below, after the info (whose errors come first)
    const info = await fetchEnvironmentInfo(apiBaseUrl);
    if (consoleLoading) {
      // The spinner stays until the console is here; the console's own start shows the same spinner.
      const { renderConsole, startConsoleOnce } = await consoleLoading;
      removeSpinner();
      renderConsole(container, () => startConsoleOnce({ info }));
    } else {
      removeSpinner();
      showLoginScreen(container, info);
    }
  } catch (error) {
    console.error('The console could not start', error);
    removeSpinner();
    const failures = failuresBefore + 1;
    const removeError = renderStartupScreen(container, {
      message: error instanceof EnvironmentInfoError ? error.serverMessage : undefined,
      failures,
      atLeastSeconds: error instanceof EnvironmentInfoError && error.status === 429 ? longestRetrySeconds : 0,
      onRetry: () => {
        removeError();
        void boot(container, failures);
      },
    });
  }
}

function showLoginScreen(container: HTMLElement, info: EnvironmentInfo): void {
  const method = chooseSignInMethod();
  const removeLogin = renderLoginScreen(container, {
    method,
    async onSignIn() {
      const popup = method === 'popup' ? openSignInPopup() : undefined;
      if (popup === null) return 'app.login.error.popup_blocked';
      let loaded: ConsoleModule | undefined;
      let services: ConsoleServices;
      try {
        loaded = await loadConsole();
        services = await loaded.startConsoleOnce({ info });
      } catch (error) {
        console.error('The console could not start', error);
        popup?.close();
        return loaded ? loaded.signInErrorMessageKey(error) : 'app.login.error.network';
      }
      try {
        await services.authProvider.login({ returnTo: returnPath(), popup });
      } catch (error) {
        return loaded.signInErrorMessageKey(error); // logged by login(), which also closed the popup
      }
      if (window.location.pathname === '/login') window.history.replaceState(null, '', '/');
      removeLogin();
      const { renderConsole, startConsoleOnce } = loaded;
      renderConsole(container, () => startConsoleOnce({ info }));
      return undefined;
    },
  });
  // Once the login screen is painted, the console downloads in the background, ready for the click.
  requestAnimationFrame(() => setTimeout(() => void loadConsole().catch(() => undefined)));
}
