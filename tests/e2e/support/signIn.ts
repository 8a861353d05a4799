import type { Page } from 'playwright-core';

export const ANNE = 'anne@voorbeeld.nl';
export const BRAM = 'bram@voorbeeld.nl';

/** Fills the embedded identity provider's Dutch sign-in page (same page for popup and redirect). */
export async function completeProviderSignIn(providerPage: Page, email: string): Promise<void> {
  await providerPage.locator('#email').fill(email);
  await providerPage.locator('#signin').click();
}

/**
 * The console is ready when its shell shows: the sidebar naming the selected environment on a desktop,
 * the floating menu button on a phone (the slide-in menu is not rendered until opened).
 */
export async function waitForConsole(page: Page): Promise<void> {
  await page
    .getByTestId('environment-name')
    .or(page.getByRole('button', { name: 'Menu openen' }))
    .first()
    .waitFor({ state: 'attached', timeout: 60_000 });
}

/** Desktop sign-in: 'Inloggen' opens the provider in a popup window that closes itself afterwards. */
export async function signInWithPopup(page: Page, baseUrl: string, email: string): Promise<Page> {
  await page.goto(`${baseUrl}/`);
  const login = page.getByRole('button', { name: 'Inloggen' });
  await login.waitFor({ timeout: 60_000 });
  const [popup] = await Promise.all([page.waitForEvent('popup'), login.click()]);
  await popup.waitForLoadState('domcontentloaded');
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await completeProviderSignIn(popup, email);
  // The console closes its popup once the answer is back.
  await closed;
  await waitForConsole(page);
  return popup;
}

/** Phone sign-in: 'Inloggen' leaves for the provider in the same tab and comes back to the console. */
export async function signInWithRedirect(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  const login = page.getByRole('button', { name: 'Inloggen' });
  await login.waitFor({ timeout: 60_000 });
  await Promise.all([page.waitForURL((url) => url.pathname.startsWith('/oidc/')), login.click()]);
  await completeProviderSignIn(page, email);
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc/'), { timeout: 60_000 });
  await waitForConsole(page);
}

/** Signs in the way the viewport's user would: popup on desktop. Areas' tests start from here. */
export async function signIn(page: Page, baseUrl: string, email: string = ANNE): Promise<void> {
  await signInWithPopup(page, baseUrl, email);
}
