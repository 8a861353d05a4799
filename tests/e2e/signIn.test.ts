import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import {
  animationsSettled,
  releaseBrowser, workerBrowser,
  newDesktopContext,
  newPhoneContext,
  screenshot,
} from './support/browser';
import { ANNE, BRAM, signInWithPopup, signInWithRedirect, waitForConsole } from './support/signIn';
import { E2E_ACCESS_TOKEN_TTL_SECONDS } from './support/globalSetup';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

function isTokenRequest(request: Request, grantType: string): boolean {
  return (
    request.method() === 'POST' &&
    new URL(request.url()).pathname === '/oidc/token' &&
    new URLSearchParams(request.postData() ?? '').get('grant_type') === grantType
  );
}

describe('sign-in on a desktop (1366x768)', () => {
  let context: BrowserContext;
  let page: Page;

  /** Console messages of every page of the context (the popup too) that report a blocked resource. */
  const policyViolations: string[] = [];

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
    });
    page = await context.newPage();
  });
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      await screenshot(page, `failed-${task.name.replace(/\W+/g, '-')}`);
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows the login screen, signs in through the popup and lands on the publications', async () => {
    const consolePage = await page.goto(`${baseUrl}/`);
    expect(consolePage?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('button', { name: 'Inloggen' }).waitFor();
    expect(await page.getByText('Digitaal publicatie platform').first().isVisible()).toBe(true);
    await screenshot(page, 'desktop-login');

    const tokenGrants: string[] = [];
    page.on('request', (request) => {
      if (isTokenRequest(request, 'authorization_code')) tokenGrants.push('authorization_code');
    });
    const popup = await signInWithPopup(page, baseUrl, ANNE);

    expect(popup.isClosed()).toBe(true);
    expect(tokenGrants).toEqual(['authorization_code']);
    expect(new URL(page.url()).pathname).toBe('/publications/');
    expect(await page.getByTestId('environment-name').first().textContent()).toBe('Gemeente Zuiderveen');
    // Other tests on the shared server may add a copy ('… (kopie)') beside it.
    await page.getByRole('row', { name: /Nieuwsbrief januari 2025/ }).first().waitFor();
    await screenshot(page, 'desktop-shell');
    // The console works under its Content-Security-Policy: nothing it needs is blocked.
    expect(policyViolations).toEqual([]);
  });

  it('stays signed in across a reload', async () => {
    await page.goto(`${baseUrl}/recievers/`);
    await page.reload();
    await waitForConsole(page);
    expect(new URL(page.url()).pathname).toBe('/recievers/');
    expect(await page.getByRole('button', { name: 'Inloggen' }).count()).toBe(0);
  });

  it('switches environment and the sidebar names the new one', async () => {
    await page.getByRole('link', { name: 'Omgevingen' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/environments'));
    await screenshot(page, 'desktop-environments');
    await page.getByRole('button', { name: /Stichting Cultuurhuis Noord/ }).click();
    await page
      .getByTestId('environment-name')
      .filter({ hasText: 'Stichting Cultuurhuis Noord' })
      .waitFor({ timeout: 30_000 });
    await page.reload();
    await waitForConsole(page);
    expect(await page.getByTestId('environment-name').first().textContent()).toBe(
      'Stichting Cultuurhuis Noord',
    );
  });

  it('onboards an environment without a theme: the app appears after creating it', async () => {
    await page.goto(`${baseUrl}/environments`);
    await page.getByRole('button', { name: /Waterschap Lage Landen/ }).click();
    const submit = page.getByRole('button', { name: 'Thema aanmaken' });
    await submit.waitFor({ timeout: 30_000 });
    expect(await page.getByText('Welkom bij Waterschap Lage Landen').isVisible()).toBe(true);
    await screenshot(page, 'desktop-onboarding');

    const name = page.getByLabel('Naam van het thema');
    await name.fill('');
    await submit.click();
    await page.getByText('Naam is een verplicht veld').waitFor();

    await name.fill('Waterschap huisstijl');
    await submit.click();
    await page.getByTestId('environment-name').filter({ hasText: 'Waterschap Lage Landen' }).waitFor();
    expect(await submit.count()).toBe(0);
    await screenshot(page, 'desktop-after-onboarding');
  });

  it("blocked nothing under the console's Content-Security-Policy (sign-in, switching, onboarding)", () => {
    expect(policyViolations).toEqual([]);
  });

  it('renews the access token with the refresh token after it expires', async () => {
    const refreshes: number[] = [];
    const apiStatuses: number[] = [];
    page.on('request', (request) => {
      if (isTokenRequest(request, 'refresh_token')) refreshes.push(Date.now());
    });
    const refreshStatuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/1/')) apiStatuses.push(response.status());
      if (isTokenRequest(response.request(), 'refresh_token')) refreshStatuses.push(response.status());
    });
    // The tab reloads while its first renewal is under way: the provider has rotated the refresh token, but
    // the answer never reaches the console, which renews again with the token it still holds.
    let reloadPending = true;
    const rotatedButNeverStored = new Promise<void>((resolve) => {
      void page.route('**/oidc/token**', async (route) => {
        if (!reloadPending || !isTokenRequest(route.request(), 'refresh_token')) return route.fallback();
        reloadPending = false;
        await route.fetch();
        resolve(); // the route is left unanswered: the reload cancels it
      });
    });
    // Past the token's lifetime (the console renews 5 s before expiry): the browser's clock jumps ahead
    // instead of the test waiting. Installed before the console loads, so the console reads the fake one;
    // the renewal may start as soon as the clock jumps (a due timer), so the route above is in place.
    await page.clock.install();
    await page.reload();
    await waitForConsole(page);
    await page.clock.fastForward(E2E_ACCESS_TOKEN_TTL_SECONDS * 1000 + 2_000);
    await page.goto(`${baseUrl}/publications/`);
    await rotatedButNeverStored;
    await page.reload();
    await page.getByTestId('environment-name').waitFor();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.goto(`${baseUrl}/environments`);
    await page.getByRole('button', { name: /Gemeente Zuiderveen/ }).click();
    await page.getByTestId('environment-name').filter({ hasText: 'Gemeente Zuiderveen' }).waitFor();

    expect(refreshes.length).toBeGreaterThan(1);
    // The renewal after the reload presented the rotated-away token, and the provider accepted it.
    expect(refreshStatuses.length).toBeGreaterThan(0);
    expect(refreshStatuses.every((status) => status === 200)).toBe(true);
    expect(apiStatuses.filter((status) => status === 401)).toEqual([]);
    expect(await page.getByRole('button', { name: 'Inloggen' }).count()).toBe(0);
  });

  it('signs out back to the login screen', async () => {
    await Promise.all([
      page.waitForURL((url) => url.pathname.startsWith('/oidc/')),
      page.getByRole('button', { name: 'Uitloggen' }).click(),
    ]);
    // The identity provider asks to confirm ending its session too (so another account can sign in).
    await screenshot(page, 'desktop-provider-sign-out');
    await page.locator('#signout').click();
    await page.getByRole('button', { name: 'Inloggen' }).waitFor({ timeout: 30_000 });
    await page.goto(`${baseUrl}/publications/`);
    await page.getByRole('button', { name: 'Inloggen' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('environment-name').count()).toBe(0);
    await screenshot(page, 'desktop-signed-out');
  });
});

describe('sign-in on a phone (390x844)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newPhoneContext(browser);
    page = await context.newPage();
  });
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      await screenshot(page, `failed-${task.name.replace(/\W+/g, '-')}`);
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('signs in by redirect and navigates with the slide-in menu', async () => {
    let popups = 0;
    page.on('popup', () => popups++);
    await signInWithRedirect(page, baseUrl, BRAM);
    expect(popups).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/publications/');
    // Nothing is wider than the phone: wide tables scroll inside their card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Below 900 px the sidebar is hidden behind a floating button.
    expect(await page.getByRole('link', { name: 'Ontvangers' }).isVisible()).toBe(false);
    await screenshot(page, 'phone-shell');
    await page.getByRole('button', { name: 'Menu openen' }).click();
    const receivers = page.getByRole('link', { name: 'Ontvangers' });
    await receivers.waitFor({ state: 'visible' });
    // Bram has one environment: no environments entry.
    expect(await page.getByRole('link', { name: 'Omgevingen' }).count()).toBe(0);
    await animationsSettled(page); // let the slide-in transition finish before the picture
    await screenshot(page, 'phone-menu-open');
    await receivers.click();
    await page.waitForURL((url) => url.pathname.startsWith('/recievers'));
    // Choosing an entry closes the slide-in menu.
    await page.getByRole('button', { name: 'Menu sluiten' }).waitFor({ state: 'detached' });
    await screenshot(page, 'phone-receivers');
  });
});
