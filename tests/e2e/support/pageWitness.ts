import type { Page } from 'playwright-core';

/** How many of a page's events a witness keeps: the last ones are the ones that explain a failure. */
const keptEvents = 20;

/**
 * Notes what a page met (failed requests, answers of 400 and up, errors in its console) so that a wait
 * that times out can say what the page showed and why, instead of only that it timed out: a failure
 * seen once on a loaded CI machine must be explainable from its log.
 */
export function witnessPage(page: Page) {
  const events: string[] = [];
  const note = (event: string) => {
    events.push(`${new Date().toISOString().slice(11, 23)} ${event}`);
    if (events.length > keptEvents) events.shift();
  };
  page.on('requestfailed', (request) =>
    note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) note(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message.slice(0, 300)}`));

  /** Runs `wait`; when it throws, throws again with the page's address, visible text and events. */
  return async function explained<T>(what: string, wait: () => Promise<T>): Promise<T> {
    try {
      return await wait();
    } catch (error) {
      const text = await page
        .locator('body')
        .innerText({ timeout: 5_000 })
        .catch((reason: unknown) => `(not readable: ${String(reason)})`);
      throw new Error(
        [
          `${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
          `page: ${page.url()}`,
          `visible text: ${text.replace(/\s+/g, ' ').slice(0, 800)}`,
          'what the page met:',
          ...(events.length > 0 ? events : ['(nothing failed)']),
        ].join('\n'),
        { cause: error },
      );
    }
  };
}
