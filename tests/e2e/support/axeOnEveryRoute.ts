import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousFindings } from './axe';
import { releaseBrowser, workerBrowser, newDesktopContext, newPhoneContext, screenshot } from './browser';
import { firstRecordPaths } from './firstRowHref';
import { sharedServerUrl } from './sharedServer';
import { signIn, signInWithRedirect } from './signIn';
import { publicationIds } from '../../../server/src/seed/ids';

// axe-core over every route of the console and every panel it opens, at one viewport. The walk is split
// into the console's areas, each its own test, and the two viewports are two files, so that each part
// has its own time limit and the end-to-end workers can run the viewports side by side.

const baseUrl = sharedServerUrl();

/** Waits until the page has its title and its data (no loading message), then expects no findings. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('#react-admin-title').textContent()).not.toBe('');
  // A page may load several parts at once (the answers page: its choices and its submissions).
  await expect.poll(() => page.getByText('Gegevens worden geladen…').count()).toBe(0);
  // Panels and menus slide in: a finding during the animation (half-transparent text) would be no finding.
  await expect.poll(() => seriousFindings(page)).toEqual([]);
  await screenshot(page, `a11y-${name}`);
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

/** Every route of the console by area, with records of the seed for the routes that need an id. */
async function consoleRoutes(page: Page): Promise<Record<string, Route[]>> {
  const { publication, list, audience, form, question, job } = await firstRecordPaths(page, baseUrl);
  return {
    publications: [
      { path: '/publications/', panels: ['Nieuwe Publicatie'] },
      { path: publication, panels: ['Verspreiden', 'Aanpassen', 'Testverzending'], states: [blockEditor] },
      { path: `${publication}/deliver`, panels: [] },
      { path: `${publication}/analytics`, panels: [] },
      { path: `${publication}/rsvp`, panels: ['Instellingen'] },
      // The seeded invitation with answers and the newsletter with analytics figures (tiles, chart, links).
      { path: `/publications/${publicationIds.publications.residentsEvening}/rsvp`, panels: [] },
      { path: `/publications/${publicationIds.publications.februaryNewsletter}/analytics`, panels: [] },
      { path: '/publications/00000000-0000-0000-0000-000000000000', panels: [] },
    ],
    receivers: [
      { path: '/recievers/', panels: [] },
      // The row's delete button opens the one confirmation dialog (ConfirmDeletion).
      { path: '/recievers/lists/', panels: ['Nieuwe Lijst', /verwijderen/i] },
      { path: list, panels: ['Nieuwe ontvanger', 'Naam aanpassen', 'Labels aanpaasen'] },
      { path: `${list}/import`, panels: [] },
      { path: '/recievers/unsubscribers/', panels: ['Nieuwe uitschrijver'] },
      { path: '/recievers/audiences/', panels: ['Nieuwe doelgroep'] },
      { path: audience, panels: ['Naam aanpassen'] },
    ],
    'media, journeys, jobs and mail': [
      { path: '/media/', panels: ['Nieuwe Map'] },
      { path: "/media/Foto's", panels: [], states: [fileDetails] },
      { path: '/journeys/', panels: [] },
      { path: '/jobs/', panels: [] },
      { path: job, panels: [] },
      { path: '/mail/', panels: [] },
    ],
    forms: [
      { path: '/forms', panels: ['Nieuw formulier'] },
      { path: form, panels: ['Nieuwe vraag'] },
      { path: `${form}/data`, panels: [] },
      { path: question, panels: [] },
    ],
    'settings and the rest': [
      { path: '/settings/', panels: [] },
      { path: '/settings/logo', panels: [] },
      { path: '/settings/colors', panels: [] },
      { path: '/settings/typography', panels: [] },
      { path: '/settings/advanced', panels: [] },
      { path: '/settings/sender', panels: [] },
      { path: '/settings/domain', panels: [] },
      { path: '/environments', panels: [] },
      { path: '/bestaat-niet', panels: [] },
    ],
  };
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

const viewports = { desktop: newDesktopContext, phone: newPhoneContext };

/** The walk at one viewport: one test per area of the console, then the browser tab's names. */
export function describeAxeOnEveryRoute(size: keyof typeof viewports): void {
  describe(`axe-core finds nothing serious on any route (${size})`, () => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let routes: Record<string, Route[]>;

    beforeAll(async () => {
      browser = await workerBrowser();
      context = await viewports[size](browser);
      page = await context.newPage();
      if (size === 'phone') await signInWithRedirect(page, baseUrl, 'anne@voorbeeld.nl');
      else await signIn(page, baseUrl);
      routes = await consoleRoutes(page);
    });
    afterAll(async () => {
      await context?.close();
      await releaseBrowser(browser);
    });

    it.each([
      'publications',
      'receivers',
      'media, journeys, jobs and mail',
      'forms',
      'settings and the rest',
    ])('on every page and every panel it opens: %s', async (area) => {
      for (const { path, panels, states = [] } of routes[area]!) {
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
}
