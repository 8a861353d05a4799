import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousFindings } from './support/axe';
import { launchBrowser, newDesktopContext, newPhoneContext, screenshot } from './support/browser';
import { completeProviderSignIn, signIn, signInWithRedirect, waitForConsole } from './support/signIn';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the page has its title and its data (no loading message), then expects no findings. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('#react-admin-title').textContent()).not.toBe('');
  // A page may load several parts at once (the answers page: its choices and its submissions).
  await expect.poll(() => page.getByText('Gegevens worden geladen…').count()).toBe(0);
  // Panels and menus slide in: a finding during the animation (half-transparent text) would be no finding.
  await expect.poll(() => seriousFindings(page)).toEqual([]);
  await screenshot(page, `a11y-${name}`);
}

/** The first row link of the table on this page (its href, e.g. '/publications/{id}'). */
async function firstRowHref(page: Page, path: string): Promise<string> {
  await page.goto(`${baseUrl}${path}`);
  const link = page.locator('main table tbody a').first();
  await link.waitFor();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`The first row on ${path} has no link`);
  return href;
}

/** A state of the page reached by more than a button that opens a dialog: checked after the page itself. */
interface PageState {
  name: string;
  /** Brings the page into that state and waits until it shows. */
  reach(page: Page): Promise<void>;
}

interface Route {
  path: string;
  /** Buttons that open a dialog (a slide-over or a confirmation), each checked and closed with Escape. */
  panels: (string | RegExp)[];
  states?: PageState[];
}

/** The block editor: a block of the publication opened for editing. */
const blockEditor: PageState = {
  name: 'block-editor',
  async reach(page) {
    await page.getByTestId('publication-block').getByRole('button').first().click();
    await page.locator('[id^="block-editor-"]').first().waitFor();
    // The editor grows open; a check during the animation would see half-shown fields.
    await expect.poll(() => page.locator('.MuiCollapse-entered').count()).toBeGreaterThan(0);
  },
};

/** The media library's details panel of a seeded photo. */
const fileDetails: PageState = {
  name: 'file-details',
  async reach(page) {
    await page
      .getByTestId('media-tile-file')
      .filter({ has: page.getByText('zomerfeest', { exact: true }) })
      .click();
    await page
      .getByRole('dialog', { name: 'Bestandsdetails' })
      .getByRole('img', { name: 'Voorbeeld van zomerfeest' })
      .waitFor();
  },
};

/** Every route of the console, with records of the seed for the routes that need an id. */
async function consoleRoutes(page: Page): Promise<Route[]> {
  const publication = await firstRowHref(page, '/publications/');
  const list = await firstRowHref(page, '/recievers/lists/');
  const audience = await firstRowHref(page, '/recievers/audiences/');
  const form = await firstRowHref(page, '/forms');
  const question = await firstRowHref(page, form);
  const job = await firstRowHref(page, '/jobs/');
  return [
    { path: '/publications/', panels: ['Nieuwe Publicatie'] },
    { path: publication, panels: ['Verspreiden', 'Aanpassen', 'Testverzending'], states: [blockEditor] },
    { path: `${publication}/deliver`, panels: [] },
    { path: `${publication}/analytics`, panels: [] },
    { path: `${publication}/rsvp`, panels: [] },
    { path: '/publications/00000000-0000-0000-0000-000000000000', panels: [] },
    { path: '/recievers/', panels: [] },
    // The row's delete button opens the one confirmation dialog (ConfirmDeletion).
    { path: '/recievers/lists/', panels: ['Nieuwe Lijst', /verwijderen/i] },
    { path: list, panels: ['Nieuwe ontvanger', 'Naam aanpassen', 'Labels aanpaasen'] },
    { path: `${list}/import`, panels: [] },
    { path: '/recievers/unsubscribers/', panels: ['Nieuwe uitschrijver'] },
    { path: '/recievers/audiences/', panels: ['Nieuwe doelgroep'] },
    { path: audience, panels: ['Naam aanpassen'] },
    { path: '/media/', panels: ['Nieuwe Map'] },
    { path: "/media/Foto's", panels: [], states: [fileDetails] },
    { path: '/journeys/', panels: [] },
    { path: '/jobs/', panels: [] },
    { path: job, panels: [] },
    { path: '/mail/', panels: [] },
    { path: '/forms', panels: ['Nieuw formulier'] },
    { path: form, panels: ['Nieuwe vraag'] },
    { path: `${form}/data`, panels: [] },
    { path: question, panels: [] },
    { path: '/settings/', panels: [] },
    { path: '/settings/logo', panels: [] },
    { path: '/settings/colors', panels: [] },
    { path: '/settings/typography', panels: [] },
    { path: '/settings/advanced', panels: [] },
    { path: '/settings/sender', panels: [] },
    { path: '/settings/domain', panels: [] },
    { path: '/environments', panels: [] },
    { path: '/bestaat-niet', panels: [] },
  ];
}

/** Opens each named panel of the page, checks it, and closes it with Escape. */
async function expectPanelsAccessible(page: Page, panels: (string | RegExp)[], name: string): Promise<void> {
  for (const [index, panel] of panels.entries()) {
    await page
      .getByRole('button', { name: panel, exact: typeof panel === 'string' })
      .first()
      .click();
    const dialog = page.getByRole('dialog').last();
    await dialog.waitFor();
    await expect.poll(() => seriousFindings(page)).toEqual([]);
    await screenshot(page, `a11y-${name}-panel-${index}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
}

const fileName = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';

describe.each([
  { size: 'desktop', open: newDesktopContext },
  { size: 'phone', open: newPhoneContext },
])('axe-core finds nothing serious on any route ($size)', ({ size, open }) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await open(browser);
    page = await context.newPage();
    if (size === 'phone') await signInWithRedirect(page, baseUrl, 'anne@voorbeeld.nl');
    else await signIn(page, baseUrl);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('on every page and every panel it opens', async () => {
    for (const { path, panels, states = [] } of await consoleRoutes(page)) {
      await page.goto(`${baseUrl}${path}`);
      await expectAccessible(page, `${size}-${fileName(path)}`);
      await expectPanelsAccessible(page, panels, `${size}-${fileName(path)}`);
      for (const state of states) {
        await state.reach(page);
        await expect.poll(() => seriousFindings(page)).toEqual([]);
        await screenshot(page, `a11y-${size}-${fileName(path)}-${state.name}`);
      }
    }
  });

  it('names each page in the browser tab', async () => {
    await page.goto(`${baseUrl}/recievers/lists/`);
    await expect.poll(() => page.title()).toBe('Lijsten – Digitaal publicatie platform');
    await page.goto(`${baseUrl}/bestaat-niet`);
    await expect.poll(() => page.title()).toBe('Niet gevonden – Digitaal publicatie platform');
    expect(await page.getByText('aangeklikt..').count()).toBe(0);
  });
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
    const list = await firstRowHref(page, '/recievers/lists/');
    await page.goto(`${baseUrl}${list}`);
    const deleteButton = page
      .locator('main table tbody tr')
      .first()
      .getByRole('button', { name: /verwijderen/i });
    const box = await deleteButton.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
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

    // The skip link comes first and shows on the primary colour.
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
