import { element, icon, icons, spinner } from './dom';
import { startupNl } from './texts';

export interface StartupScreenOptions {
  /**
   * Set when starting failed: the screen then explains and offers a retry instead of the spinner, and
   * retries by itself within `automaticRetryDelay(failures)` seconds, or as soon as the browser is online
   * again.
   */
  onRetry?: () => void;
  /** How many starts failed in a row, this one included (1 the first time): each retry waits longer. */
  failures?: number;
  /** The least the automatic retry waits, in seconds (`longestRetrySeconds` after a 429: the limit counts a minute). */
  atLeastSeconds?: number;
  /** What went wrong, when the server said it (replaces the general explanation). */
  message?: string;
}

/** The longest wait before an automatic retry; also the wait after a 429. */
export const longestRetrySeconds = 30;

/**
 * The most seconds before a failed start is tried again by itself: 2, 4, 8, 16, then 30. An instance
 * that went away behind the proxy, or a redeploy, is usually over within seconds; someone who is offline
 * is asked again at most twice a minute (the environment info is rate-limited).
 */
function automaticRetryDelay(failures: number): number {
  return Math.min(2 ** Math.max(failures, 1), longestRetrySeconds);
}

/**
 * Full-screen spinner while the environment info loads or sign-in checks run (spec §1), in plain DOM so
 * it shows before react-admin has loaded; the console shows the same screen (layout/StartupScreen.tsx).
 * Returns a function that removes it (and cancels its automatic retry).
 */
export function renderStartupScreen(
  container: HTMLElement,
  { onRetry, failures = 1, atLeastSeconds = 0, message }: StartupScreenOptions = {},
): () => void {
  const seconds = Math.max(automaticRetryDelay(failures), atLeastSeconds);
  const screen = element('div', { class: 'dpp-startup' });
  const retry = onRetry && retryOnce(onRetry, seconds, () => screen.isConnected);
  screen.append(
    retry
      ? element(
          'div',
          // Announced the first time; the same failure again, after each automatic retry, is not.
          { class: 'dpp-stack dpp-startup-error', ...(failures <= 1 && { role: 'alert' }) },
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
        ),
  );
  container.append(screen);
  return () => {
    retry?.cancel();
    screen.remove();
  };
}

/**
 * Calls `onRetry` once: when asked (`now`), within `seconds`, or when the browser is online again,
 * whichever comes first; never after `cancel`, and not by itself once the screen is `shown()` no more.
 * The wait is 75-100% of `seconds`, so that consoles that failed together do not all ask again at once.
 */
function retryOnce(onRetry: () => void, seconds: number, shown: () => boolean) {
  let done = false;
  const now = () => {
    if (done) return;
    cancel();
    onRetry();
  };
  const byItself = () => (shown() ? now() : cancel());
  const timer = setTimeout(byItself, seconds * 1000 * (0.75 + Math.random() * 0.25));
  function cancel() {
    done = true;
    clearTimeout(timer);
    window.removeEventListener('online', byItself);
  }
  window.addEventListener('online', byItself);
  return { now, cancel };
}

function retryButton(onRetry: () => void): HTMLButtonElement {
  const button = element('button', { type: 'button', class: 'dpp-button' }, startupNl.retry);
  button.addEventListener('click', onRetry);
  return button;
}
