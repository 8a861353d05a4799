import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, releaseBrowser, workerBrowser, screenshot } from './support/browser';
import { signIn } from './support/signIn';

// Number fields read the Dutch decimal comma in a browser set to English, where a browser's own
// number field would read '1,6' as 16.

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('Dutch numbers in an English browser', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: DESKTOP, locale: 'en-US' });
    page = await context.newPage();
    await signIn(page, baseUrl);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("takes '1,6' as the line height 1,6 and shows it so after a reload", async () => {
    await page.goto(`${baseUrl}/settings/typography`);
    const lineHeight = page.getByRole('textbox', { name: /^Regelhoogte/ });
    await expect.poll(() => lineHeight.inputValue()).toMatch(/^\d(,\d+)?$/);
    const before = await lineHeight.inputValue();
    await lineHeight.fill('1,6');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De instellingen zijn opgeslagen.').waitFor();
    await page.reload();
    await expect.poll(() => lineHeight.inputValue()).toBe('1,6');
    await screenshot(page, 'typography-line-height-en-us');

    // Text that is no number is named, not sent.
    await lineHeight.fill('anderhalf');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Moet een getal zijn').first().waitFor();

    await lineHeight.fill(before);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De instellingen zijn opgeslagen.').first().waitFor();
  });
});
