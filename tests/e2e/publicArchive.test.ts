import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { environmentIds, publicationIds } from '../../server/src/seed/ids';
import { axeViolations } from './support/axe';
import {
  animationsSettled,
  newDesktopContext,
  newPhoneContext,
  releaseBrowser,
  screenshot,
  workerBrowser,
} from './support/browser';
import { sharedServerUrl } from './support/sharedServer';
import { ANNE, signIn, signInWithRedirect } from './support/signIn';

// The public archive in real Chromium: staff turn it on under Instellingen → 'Openbaar archief'; a
// visitor without signing in opens the archive in the environment's theme, a publication's web version
// from it (merge fields at their fallback) and the Atom feed; axe finds nothing at desktop and phone size.

const baseUrl = sharedServerUrl();
const env = environmentIds.zuiderveen;
const archiveUrl = `${baseUrl}/a/${env}`;
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** The archive's page, checked as a visitor sees it: the seeded public, sent newsletter is listed. */
async function openArchive(page: Page, name: string) {
  const response = await page.goto(archiveUrl);
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: 'Archief' }).waitFor();
  await page.getByRole('link', { name: 'Nieuwsbrief januari 2025' }).waitFor();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  await animationsSettled(page);
  await screenshot(page, name);
  expect(await axeViolations(page)).toEqual([]);
}

describe('the public archive on a desktop (1366x768)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("is turned on under Instellingen → 'Openbaar archief', which shows its addresses", async () => {
    await page.goto(`${baseUrl}/settings/`);
    await page.getByRole('link', { name: /Openbaar archief/ }).click();
    await page.waitForURL(`${baseUrl}/settings/archive`);
    const enabled = page
      .getByRole('switch', { name: 'Openbaar archief aan' })
      .or(page.getByRole('checkbox', { name: 'Openbaar archief aan' }));
    await enabled.waitFor();
    if (!(await enabled.isChecked())) await enabled.check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Het archief is opgeslagen.').waitFor();
    await page.getByRole('link', { name: archiveUrl, exact: true }).waitFor();
    await page.getByRole('link', { name: `${archiveUrl}/feed.xml`, exact: true }).waitFor();
    await animationsSettled(page);
    await screenshot(page, 'settings-archive-desktop');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows the archive without signing in, and opens a web version from it without personal values', async () => {
    const visitor = await newDesktopContext(browser);
    try {
      const visitorPage = await visitor.newPage();
      await openArchive(visitorPage, 'public-archive-desktop');
      await visitorPage.getByRole('link', { name: 'Nieuwsbrief januari 2025' }).click();
      await visitorPage.waitForURL(`${baseUrl}/p/${env}/${publicationIds.publications.januaryNewsletter}`);
      await visitorPage.getByText('Beste inwoner,', { exact: false }).first().waitFor();
      expect(await visitorPage.content()).not.toContain('/u/');
      await screenshot(visitorPage, 'public-archive-web-version-desktop');
    } finally {
      await visitor.close();
    }
  });

  it('serves the feed as Atom, linking the archive and the web version', async () => {
    const visitor = await newDesktopContext(browser);
    try {
      const visitorPage = await visitor.newPage();
      const response = await visitorPage.goto(`${archiveUrl}/feed.xml`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
      const xml = await response!.text();
      expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
      expect(xml).toContain(`<link rel="alternate" type="text/html" href="${archiveUrl}" />`);
      expect(xml).toContain(`${baseUrl}/p/${env}/${publicationIds.publications.januaryNewsletter}`);
      expect(xml).not.toContain('@voorbeeld.nl');
    } finally {
      await visitor.close();
    }
  });
});

describe('the public archive on a phone (390x844)', () => {
  it('fits the screen and is axe clean', async () => {
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      await openArchive(page, 'public-archive-phone');
    } finally {
      await context.close();
    }
  });

  it("the setting's page fits the phone", async () => {
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      await signInWithRedirect(page, baseUrl, ANNE);
      await page.goto(`${baseUrl}/settings/archive`);
      await page.getByRole('link', { name: archiveUrl, exact: true }).waitFor();
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(
        true,
      );
      await animationsSettled(page);
      await screenshot(page, 'settings-archive-phone');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
