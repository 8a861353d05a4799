import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, releaseBrowser, workerBrowser, screenshot } from './support/browser';
import { signIn } from './support/signIn';
import { apiAsBrowser } from './support/browserApi';
import type { PublicationType } from '../../server/src/contract/publications';

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

  it("saves '1.000' places as a thousand, and refuses '1,5' and the two-way '1,000' in Dutch", async () => {
    const types = await apiAsBrowser<PublicationType[]>(page, 'GET', '/publicationtypes/');
    const publicationId = await apiAsBrowser<string>(page, 'POST', '/publications/', {
      name: `Duizend plaatsen ${Date.now().toString(36)}`,
      publicationTypeId: types.find((type) => type.name === 'Nieuwsbrief')?.id,
    });
    await page.goto(`${baseUrl}/publications/${publicationId}/rsvp`);
    await page.getByRole('button', { name: 'Instellingen' }).click();
    const panel = page.getByRole('dialog', { name: 'Instellingen van de uitnodiging' });
    await panel.getByLabel('Deze publicatie is een uitnodiging').check();
    const places = panel.getByLabel(/^Plaatsen/);

    await places.fill('1,5');
    await panel.getByRole('button', { name: 'Opslaan' }).click();
    await panel.getByText('Vul een heel getal in, zonder komma.').waitFor();
    await places.fill('1,000');
    await panel.getByText("'1,000' kan 1.000 of 1 betekenen: typ 1.000 of 1.").waitFor();
    await screenshot(page, 'rsvp-places-ambiguous-en-us');

    await places.fill('1.000');
    await panel.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Instellingen opgeslagen').waitFor();
    const invitation = await apiAsBrowser<{ places: number }>(
      page,
      'GET',
      `/publications/${publicationId}/rsvp`,
    );
    expect(invitation.places).toBe(1000);
  });
});
