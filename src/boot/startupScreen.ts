import { element, icon, icons, spinner } from './dom';
import { startupNl } from './texts';

export interface StartupScreenOptions {
  /** Set when starting failed: the screen then explains and offers a retry instead of the spinner. */
  onRetry?: () => void;
  /** What went wrong, when the server said it (replaces the general explanation). */
  message?: string;
}

/**
 * Full-screen spinner while the environment info loads or sign-in checks run (spec §1), in plain DOM so
 * it shows before react-admin has loaded; the console shows the same screen (layout/StartupScreen.tsx).
 * Returns a function that removes it.
 */
export function renderStartupScreen(
  container: HTMLElement,
  { onRetry, message }: StartupScreenOptions = {},
): () => void {
  const content = onRetry
    ? element(
        'div',
        { class: 'dpp-stack dpp-startup-error', role: 'alert' },
        icon(icons.errorOutline, 'dpp-error-icon'),
        element('h1', { class: 'dpp-heading' }, startupNl.error_title),
        element('p', { class: 'dpp-muted' }, message ?? startupNl.error_text),
        retryButton(onRetry),
      )
    : element(
        'div',
        { class: 'dpp-stack', role: 'status', 'aria-live': 'polite' },
        spinner('dpp-spinner'),
        element('p', { class: 'dpp-muted' }, startupNl.loading),
      );
  const screen = element('div', { class: 'dpp-startup' }, content);
  container.append(screen);
  return () => screen.remove();
}

function retryButton(onRetry: () => void): HTMLButtonElement {
  const button = element('button', { type: 'button', class: 'dpp-button' }, startupNl.retry);
  button.addEventListener('click', onRetry);
  return button;
}
