import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { publicationIds } from '../../server/src/seed/ids';
import { sharedServerUrl } from './support/sharedServer';
import {
  animationsSettled,
  newDesktopContext,
  newPhoneContext,
  releaseBrowser,
  screenshot,
  workerBrowser,
} from './support/browser';
import { ANNE, signIn, signInWithRedirect } from './support/signIn';

// Rates beside the counts on the analytics page, its selects showing their choice, and the sending
// domain's page in words staff use (no server setting names).

const baseUrl = sharedServerUrl();
const analyticsUrl = `${baseUrl}/publications/${publicationIds.publications.februaryNewsletter}/analytics`;
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

async function checkAnalytics(page: Page, name: string) {
  await page.goto(analyticsUrl);
  const opened = page.getByTestId('tile-opened');
  await opened.getByText(/^\d+(,\d)?% van de afgeleverde berichten$/).waitFor();
  await page
    .getByTestId('tile-clicked')
    .getByText(/van wie opende \(klik-per-open\)$/)
    .waitFor();
  await opened.scrollIntoViewIfNeeded();
  await screenshot(page, `analytics-tiles-${name}`);
  // The job select shows its empty choice by name; 'Meten' says what the publication measures.
  await page.getByRole('combobox', { name: 'Job' }).getByText('Alle jobs').waitFor();
  const measuring = page.getByTestId('publication-measuring');
  await measuring.scrollIntoViewIfNeeded();
  await expect
    .poll(() => measuring.innerText())
    .toMatch(/^Deze publicatie meet (zelf|zoals de omgeving): (Uit|Alleen totalen|Per persoon)/);
  await animationsSettled(page);
  await screenshot(page, `analytics-rates-${name}`);
}

async function checkDomain(page: Page, name: string) {
  await page.goto(`${baseUrl}/settings/domain`);
  await page.getByRole('heading', { name: /DNS-records voor/ }).waitFor();
  expect(await page.locator('body').innerText()).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
  await screenshot(page, `sending-domain-${name}`);
}

describe('reports and the sending domain at 1366x768', () => {
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

  it('shows open, click and click-to-open rates, and the selects with their choice', async () => {
    await checkAnalytics(page, 'desktop');
  });

  it('explains the sending domain without server setting names', async () => {
    await checkDomain(page, 'desktop');
  });
});

describe('reports and the sending domain at 390x844', () => {
  it('shows the rates and the domain page on a phone', async () => {
    const phone = await newPhoneContext(browser);
    try {
      const page = await phone.newPage();
      await signInWithRedirect(page, baseUrl, ANNE);
      await checkAnalytics(page, 'phone');
      await checkDomain(page, 'phone');
    } finally {
      await phone.close();
    }
  });
});
