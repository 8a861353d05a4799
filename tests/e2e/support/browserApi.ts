import type { Page } from 'playwright-core';
import { waitForConsole } from './signIn';

/**
 * Calls the API as the browser's signed-in user (its token and environment, from the console's session);
 * anything but a 2xx fails the test. Tokens live 30 s in these tests: on a 401 the page reloads, so the
 * console renews its token, and the call is made once more.
 */
export async function apiAsBrowser<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  renewed = false,
): Promise<T> {
  const { status, text } = await page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(sessionStorage.getItem('dpp.session') ?? '{}') as {
        accessToken: string;
        environmentId: string;
      };
      const response = await fetch(`/api/1/${session.environmentId}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${session.accessToken}`,
          'X-Environment-Id': session.environmentId,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
  if (status === 401 && !renewed) {
    await page.reload();
    await waitForConsole(page);
    return apiAsBrowser(page, method, path, body, true);
  }
  if (status < 200 || status > 299) throw new Error(`${method} ${path}: ${status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
