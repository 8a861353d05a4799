import type { Page } from 'playwright-core';

/** A URL without its query and fragment: a sign-in's code and state stay out of the log. */
function address(url: string): string {
  const parsed = URL.parse(url);
  return parsed && parsed.origin !== 'null' ? `${parsed.origin}${parsed.pathname}` : url;
}

/**
 * How many of a page's events a witness keeps: the first ones (where a failure began) and the last ones
 * (what the page was doing when the wait ran out).
 */
const keptFirst = 10;
const keptLast = 20;

export interface WitnessOptions {
  /** More to tell when a wait fails: what the servers behind the page logged (a proxy's error log). */
  alsoTell?: () => Promise<string>;
}

/**
 * Notes what a page met (failed requests, answers of 400 and up, errors in its console) so that a wait
 * that times out can say what the page showed and why, instead of only that it timed out: a failure
 * seen once on a loaded CI machine must be explainable from its log.
 */
export function witnessPage(page: Page, { alsoTell }: WitnessOptions = {}) {
  const first: string[] = [];
  const last: string[] = [];
  let left = 0;
  const note = (event: string) => {
    const line = `${new Date().toISOString().slice(11, 23)} ${event}`;
    if (first.length < keptFirst) return void first.push(line);
    last.push(line);
    if (last.length > keptLast) {
      last.shift();
      left += 1;
    }
  };
  const watch = (watched: Page, prefix: string) => {
    watched.on('requestfailed', (request) =>
      note(
        `${prefix}request failed: ${request.method()} ${address(request.url())} (${request.failure()?.errorText})`,
      ),
    );
    watched.on('response', (response) => {
      if (response.status() >= 400) {
        note(`${prefix}${response.status()} ${response.request().method()} ${address(response.url())}`);
      }
    });
    watched.on('console', (message) => {
      if (message.type() === 'error') note(`${prefix}console error: ${message.text().slice(0, 300)}`);
    });
    watched.on('pageerror', (error) => note(`${prefix}page error: ${error.message.slice(0, 300)}`));
    watched.on('close', () => note(`${prefix}closed at ${address(watched.url())}`));
  };
  watch(page, '');
  // The sign-in popup: where it went before it closed.
  page.on('popup', (popup) => {
    note(`popup opened: ${address(popup.url())}`);
    watch(popup, 'popup: ');
  });

  /** Runs `wait`; when it throws, throws again with the page's address, visible text and events. */
  return async function explained<T>(what: string, wait: () => Promise<T>): Promise<T> {
    try {
      return await wait();
    } catch (error) {
      const text = await page
        .locator('body')
        .innerText({ timeout: 5_000 })
        .catch((reason: unknown) => `(not readable: ${String(reason)})`);
      const events = [...first, ...(left > 0 ? [`(${left} left out)`] : []), ...last];
      const more = alsoTell && (await alsoTell().catch((reason: unknown) => `(not told: ${String(reason)})`));
      throw new Error(
        [
          `${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
          `page: ${address(page.url())}`,
          `visible text: ${text.replace(/\s+/g, ' ').slice(0, 800)}`,
          'what the page met:',
          ...(events.length > 0 ? events : ['(nothing failed)']),
          ...(more ? [more] : []),
        ].join('\n'),
        { cause: error },
      );
    }
  };
}
