import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousFindings } from './support/axe';
import {
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  newPhoneContext,
  screenshot,
} from './support/browser';
import { completeProviderSignIn, signInWithRedirect, waitForConsole } from './support/signIn';
import { firstRowHref } from './support/firstRowHref';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('phone layout (390x844)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newPhoneContext(browser);
    page = await context.newPage();
    await signInWithRedirect(page, baseUrl, 'anne@voorbeeld.nl');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('opens the menu with its state announced, and checks the open menu', async () => {
    await page.goto(`${baseUrl}/publications/`);
    // While the menu is open, the page behind it (the button too) is hidden from assistive technology.
    const menuButton = page.locator('button[aria-controls="mobile-menu"]');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => seriousFindings(page)).toEqual([]);
    await screenshot(page, 'a11y-phone-menu');
  });

  it('keeps every table within the screen, its row buttons reachable', async () => {
    for (const path of ['/publications/', '/jobs/', '/recievers/lists/', '/recievers/unsubscribers/']) {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('main table tbody tr').first().waitFor();
      const overflow = await page.evaluate(() => {
        const table = document.querySelector('main table');
        return table ? table.getBoundingClientRect().right - window.innerWidth : 0;
      });
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    const list = await firstRowHref(page, baseUrl, '/recievers/lists/');
    await page.goto(`${baseUrl}${list}`);
    const deleteButton = page
      .locator('main table tbody tr')
      .first()
      .getByRole('button', { name: /verwijderen/i });
    const box = await deleteButton.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  });

  it("shows each unsubscriber's cause ('Oorzaak') on a phone, under the address, within the screen", async () => {
    await page.goto(`${baseUrl}/recievers/unsubscribers/`);
    const row = page.locator('main table tbody tr').first();
    const cause = row.getByText(/^(Afgemeld|Onbestelbaar|Klacht)$/);
    await cause.waitFor();
    for (const shown of [cause, row.getByRole('button', { name: /^Uitschrijving verwijderen/ })]) {
      const box = await shown.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    }
    await expect.poll(() => seriousFindings(page)).toEqual([]);
    await screenshot(page, 'a11y-phone-unsubscribers');
  });
});

describe('keyboard only (1366x768)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  /** Presses Tab until the focused element matches the selector (and, if given, has this text). */
  async function tabTo(selector: string, text?: string | RegExp): Promise<void> {
    for (let presses = 0; presses < 150; presses++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate((sel) => {
        const element = document.activeElement;
        return element?.matches(sel) ? (element.textContent ?? '') : null;
      }, selector);
      if (focused !== null && (text === undefined || focused.match(text))) return;
    }
    throw new Error(`Tab never reached ${selector} ${String(text ?? '')}`);
  }

  it('signs in, opens a list, adds a subscriber, opens a publication and its deliver form, and signs out', async () => {
    const suffix = Date.now().toString(36);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Inloggen' }).waitFor({ timeout: 60_000 });
    await tabTo('button', 'Inloggen');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
    await popup.waitForLoadState('domcontentloaded');
    const closed = popup.waitForEvent('close', { timeout: 30_000 });
    await completeProviderSignIn(popup, 'anne@voorbeeld.nl');
    await closed;
    await waitForConsole(page);
    // Signed in, focus moves to the page's heading once the page has named it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('react-admin-title');

    // From the top of the document, the skip link comes first and shows on the primary colour.
    await page.evaluate(() => {
      document.body.tabIndex = -1;
      document.body.focus();
      document.body.removeAttribute('tabindex');
    });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Naar de inhoud/);
    await screenshot(page, 'a11y-keyboard-skip-link');

    await tabTo('nav a', 'Ontvangers');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/recievers\/?$/);
    await tabTo('main a', /Lijsten/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/recievers\/lists\/$/);

    await tabTo('main table tbody a');
    await screenshot(page, 'a11y-keyboard-focus-row');
    const listName = (await page.evaluate(() => document.activeElement?.textContent)) ?? '';
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: listName, level: 2 }).waitFor();

    await tabTo('button', 'Nieuwe ontvanger');
    await page.keyboard.press('Enter');
    const newSubscriber = page.getByRole('dialog', { name: 'Nieuwe ontvanger' });
    await newSubscriber.waitFor();
    await tabTo('input[name="name"]');
    await page.keyboard.type('Toetsenbord Gebruiker');
    await tabTo('input[name="email"]');
    const email = `toetsenbord.${suffix}@example.nl`;
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await newSubscriber.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: email }).waitFor();

    // The subscriber's row opens its panel from the keyboard; Escape closes it and focus comes back.
    await page.getByRole('button', { name: 'Toetsenbord Gebruiker' }).focus();
    await page.keyboard.press('Enter');
    const editPanel = page.getByRole('dialog', { name: 'Ontvanger aanpassen' });
    await editPanel.waitFor();
    await page.keyboard.press('Escape');
    await editPanel.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Toetsenbord Gebruiker');

    await tabTo('nav a', 'Publicaties');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/publications\/?$/);
    await tabTo('main table tbody a');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/publications\/[0-9a-f-]{36}$/);
    await tabTo('button', 'Verspreiden');
    await page.keyboard.press('Enter');
    const deliver = page.getByRole('dialog', { name: /verspreiden/i });
    await deliver.waitFor();
    await screenshot(page, 'a11y-keyboard-deliver');
    await page.keyboard.press('Escape');
    await deliver.waitFor({ state: 'detached' });

    await tabTo('button', 'Uitloggen');
    await page.keyboard.press('Enter');
    // The identity provider asks to confirm ending its session too.
    await page.locator('#signout').press('Enter');
    await page.getByRole('button', { name: 'Inloggen' }).waitFor({ timeout: 30_000 });
  });
});
