import { element, icon, icons, spinner } from './dom';
import { startupNl } from './texts';

export interface StartupScreenOptions {
  /**
   * Set when starting failed: the screen then explains and offers a retry instead of the spinner, and
   * retries by itself after `automaticRetryDelay(failures)` or as soon as the browser is online again.
   */
  onRetry?: () => void;
  /** How many starts failed in a row, this one included (1 the first time): the automatic retry waits longer each time. */
  failures?: number;
  /** What went wrong, when the server said it (replaces the general explanation). */
  message?: string;
}

/**
 * Seconds before the failed start is tried again by itself: 2, 4, 8, 16, then every 30. An instance that
 * went away behind the proxy, or a redeploy, is usually over within seconds; someone who is offline is
 * asked again at most twice a minute (the environment info is rate-limited).
 */
export function automaticRetryDelay(failures: number): number {
  return Math.min(2 ** Math.max(failures, 1), 30);
}

/**
 * Full-screen spinner while the environment info loads or sign-in checks run (spec §1), in plain DOM so
 * it shows before react-admin has loaded; the console shows the same screen (layout/StartupScreen.tsx).
 * Returns a function that removes it (and cancels its automatic retry).
 */
export function renderStartupScreen(
  container: HTMLElement,
  { onRetry, failures = 1, message }: StartupScreenOptions = {},
): () => void {
  const seconds = automaticRetryDelay(failures);
  const retry = onRetry && retryOnce(onRetry, seconds);
  const content = retry
    ? element(
        'div',
        { class: 'dpp-stack dpp-startup-error', role: 'alert' },
        icon(icons.errorOutline, 'dpp-error-icon'),
        element('h1', { class: 'dpp-heading' }, startupNl.error_title),
        element('p', { class: 'dpp-muted' }, message ?? startupNl.error_text),
        element(
          'p',
          { class: 'dpp-muted' },
          startupNl.retry_automatic.replace('%{seconds}', String(seconds)),
        ),
        retryButton(retry.now),
      )
    : element(
        'div',
        { class: 'dpp-stack', role: 'status', 'aria-live': 'polite' },
        spinner('dpp-spinner'),
        element('p', { class: 'dpp-muted' }, startupNl.loading),
      );
  const screen = element('div', { class: 'dpp-startup' }, content);
  container.append(screen);
  return () => {
    retry?.cancel();
    screen.remove();
  };
}

/**
 * Calls `onRetry` once: when asked (`now`), after `seconds`, or when the browser is online again,
 * whichever comes first; never after `cancel`.
 */
function retryOnce(onRetry: () => void, seconds: number) {
  const timer = setTimeout(() => now(), seconds * 1000);
  const now = () => {
    cancel();
    onRetry();
  };
  function cancel() {
    clearTimeout(timer);
    window.removeEventListener('online', now);
  }
  window.addEventListener('online', now);
  return { now, cancel };
}

function retryButton(onRetry: () => void): HTMLButtonElement {
  const button = element('button', { type: 'button', class: 'dpp-button' }, startupNl.retry);
  button.addEventListener('click', onRetry);
  return button;
}
