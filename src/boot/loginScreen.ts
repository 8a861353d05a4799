import type { SignInType } from '../authProvider/session';
import { element, icon, icons, spinner } from './dom';
import { loginNl, signInErrorText } from './texts';

export interface LoginScreenOptions {
  /** Popup on desktop, redirect on phones: the hint under the button says which. */
  method: SignInType;
  /** The key of a failed sign-in to show at once (e.g. a redirect sign-in that came back failing). */
  errorKey?: string;
  /**
   * Runs the sign-in; called synchronously in the click, so a popup may be opened first. Resolves with
   * the message key of a failure, or undefined once signed in (the screen stays busy until the console
   * replaces it).
   */
  onSignIn(): Promise<string | undefined>;
}

/**
 * The sign-in screen (spec §1): the product name and one 'Inloggen' button. The identity provider does
 * the rest, in a popup on desktop and by redirect on phones; a failed sign-in shows here in Dutch.
 * Plain DOM, so the small entry shows it without react-admin; the console's login route shows the same
 * screen (authProvider/LoginPage.tsx). Returns a function that removes it.
 */
export function renderLoginScreen(container: HTMLElement, options: LoginScreenOptions): () => void {
  const alert = element('div', { class: 'dpp-alert', role: 'alert' });
  const button = element('button', { type: 'button', class: 'dpp-button dpp-button-large' });
  const card = element(
    'div',
    { class: 'dpp-login-card dpp-stack' },
    element(
      'div',
      { class: 'dpp-login-logo', role: 'img', 'aria-label': loginNl.logo_placeholder },
      icon(icons.apartment, 'dpp-login-logo-icon'),
    ),
    element(
      'div',
      {},
      element('h1', { class: 'dpp-login-title' }, loginNl.title),
      element('p', { class: 'dpp-muted dpp-login-subtitle' }, loginNl.subtitle),
    ),
    alert,
    button,
    element(
      'p',
      { class: 'dpp-muted dpp-small' },
      options.method === 'popup' ? loginNl.hint_popup : loginNl.hint_redirect,
    ),
  );
  const screen = element('main', { class: 'dpp-login' }, card);

  function showError(errorKey: string | undefined): void {
    alert.hidden = !errorKey;
    alert.replaceChildren(errorKey ? signInErrorText(errorKey) : '');
  }

  function showBusy(busy: boolean): void {
    button.disabled = busy;
    button.replaceChildren(
      busy ? spinner('dpp-spinner dpp-spinner-small') : icon(icons.login, 'dpp-button-icon'),
      busy ? loginNl.busy : loginNl.button,
    );
  }

  button.addEventListener('click', () => {
    showBusy(true);
    showError(undefined);
    options.onSignIn().then(
      (errorKey) => {
        if (!errorKey) return;
        showError(errorKey);
        showBusy(false);
      },
      () => {
        showError('app.login.error.generic');
        showBusy(false);
      },
    );
  });

  showError(options.errorKey);
  showBusy(false);
  container.append(screen);
  return () => screen.remove();
}
