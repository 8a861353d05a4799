import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { publicationIds } from '../../server/src/seed/ids';
import { axeViolations } from './support/axe';
import { apiAsBrowser } from './support/browserApi';
import { releaseBrowser, workerBrowser, newDesktopContext, screenshot } from './support/browser';
import { E2E_ACCESS_TOKEN_TTL_SECONDS } from './support/globalSetup';
import { startOwnServer } from './support/ownServer';
import type { ServerProcess } from './support/serverProcess';
import { signIn } from './support/signIn';
import { caughtMailUrl } from './support/caughtMail';

// Analytics from sending to reading: a job in 'Per persoon' goes to the catcher, a message is opened on
// the catcher page (its pixel loads) and its link followed; the analytics page then shows the open, the
// click, the link and the recipient. In 'Alleen totalen' the recipient table is gone. A server of its own:
// it counts from zero, and clicks right after sending count as a reader's (no scanner window).

const publicationId = publicationIds.publications.januaryNewsletter;
const address = 'bram@voorbeeld.nl';
const desktopBrowser =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  server = await startOwnServer({
    ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL_SECONDS),
    ANALYTICS_SCANNER_SECONDS: '0',
  });
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

describe('analytics of a delivered publication', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, server.url);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("counts an open and a click in 'Per persoon' and shows the link and the recipient; 'Alleen totalen' hides recipients", async () => {
    const baseUrl = server.url;
    await apiAsBrowser(page, 'PUT', '/measuring', {
      mode: 'Per persoon',
      legalBasis: 'Toestemming van de abonnees (AVG art. 6 lid 1a).',
    });
    await page.goto(`${baseUrl}/publications/${publicationId}/deliver`);
    await page.getByTestId('deliver-measuring').getByText('Meten: Per persoon').waitFor();
    await page.getByRole('combobox', { name: 'Sjabloon' }).click();
    await page.getByRole('option', { name: 'Standaard' }).click();
    await page.getByRole('combobox', { name: 'Doelgroep' }).click();
    await page.getByRole('option', { name: 'Test redactie' }).click();
    await page.getByRole('button', { name: 'Verspreiden', exact: true }).click();
    await page.waitForURL(`${baseUrl}/jobs/`);
    const row = page.getByRole('row', { name: /Test redactie/ }).first();
    await row.getByText('Verzonden').waitFor({ timeout: 30_000 });
    await row.getByText('3 van 3').waitFor();

    // Reading the message on the catcher page loads its pixel: an open.
    await page.goto(caughtMailUrl(baseUrl, address));
    await page
      .getByRole('row', { name: new RegExp(address) })
      .first()
      .click();
    await page.getByTitle('Opgemaakte versie van het bericht').waitFor();
    await expect
      .poll(async () => {
        const mail = page.frames().find((candidate) => candidate.url() === 'about:srcdoc');
        return mail
          ? await mail.evaluate(
              () =>
                [...document.querySelectorAll('a')]
                  .map((link) => link.href)
                  .find((link) => link.includes('/t/c/')) ?? '',
            )
          : '';
      })
      .toMatch(/\/t\/c\//);
    const mail = page.frames().find((candidate) => candidate.url() === 'about:srcdoc')!;
    const link = await mail.evaluate(() =>
      [...document.querySelectorAll('a')]
        .map((anchor) => anchor.href)
        .find((target) => target.includes('/t/c/'))!,
    );

    // The reader follows the link (with the browser's user agent): the platform redirects to the site.
    const reader = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const followed = await reader.request.get(link, {
        maxRedirects: 0,
        // A desktop browser's user agent: headless Chromium's own says 'HeadlessChrome', which is a bot's.
        headers: { 'user-agent': desktopBrowser },
      });
      expect(followed.status()).toBe(302);
      expect(followed.headers()['location']).toBe('https://www.zuiderveen.nl/marktplein');
      expect(followed.headers()['cache-control']).toContain('no-store');
    } finally {
      await reader.close();
    }

    await page.goto(`${baseUrl}/publications/${publicationId}/analytics`);
    await page.getByRole('heading', { name: 'Analyse van Nieuwsbrief januari 2025', level: 1 }).waitFor();
    await page.getByTestId('measuring-mode').getByText('Meten: Per persoon').waitFor();
    // The events are written in batches: reload until they are in (the page reads again every 5 s only while sending).
    await expect
      .poll(
        async () => {
          await page.reload();
          // The tile's label, then its number.
          return (await page.getByTestId('tile-clicked').locator('p').nth(1).textContent()) ?? '';
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe('1');
    await page.getByTestId('tile-opened').getByText('1', { exact: true }).waitFor();
    const links = page.getByRole('table', { name: 'Links' });
    await links.getByRole('row', { name: /https:\/\/www\.zuiderveen\.nl\/marktplein 1 1/ }).waitFor();
    const recipients = page.getByRole('table', { name: 'Ontvangers' });
    await recipients.getByRole('row', { name: new RegExp(`${address} 1 1`, 'i') }).waitFor();
    await page.getByRole('table', { name: /Openingen en klikken per moment/ }).waitFor();
    await screenshot(page, 'analytics-per-person');
    expect(await axeViolations(page)).toEqual([]);

    // The publication measures 'Alleen totalen' from now on: no personal data anywhere on the page.
    await page.getByRole('button', { name: 'Aanpassen' }).click();
    const setting = page.getByRole('dialog', { name: 'Meten voor deze publicatie' });
    await setting.getByRole('radio', { name: 'Alleen totalen' }).check();
    await setting.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De meetstand is opgeslagen.').waitFor();
    await page
      .getByTestId('publication-measuring')
      .getByText('Deze publicatie meet zelf: Alleen totalen.')
      .waitFor();
    await page.getByTestId('measuring-mode').getByText('Meten: Alleen totalen').waitFor();
    await recipients.waitFor({ state: 'detached' });
    await page.getByTestId('tile-clicked').getByText('1', { exact: true }).waitFor();
    expect(await page.getByText(address).count()).toBe(0);
    await screenshot(page, 'analytics-totals-only');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("shows an invitation's RSVP answers as a tile that leads to its RSVP page", async () => {
    const invitation = publicationIds.publications.residentsEvening;
    await page.goto(`${server.url}/publications/${invitation}/analytics`);
    const tile = page.getByTestId('tile-rsvp');
    await tile.getByText('RSVP: Ja (personen)').waitFor();
    for (const answer of ['Nee', 'Misschien', 'Geen antwoord'])
      await tile.getByText(new RegExp(`^${answer}: \\d`)).waitFor();
    await screenshot(page, 'analytics-invitation-rsvp');
    expect(await axeViolations(page)).toEqual([]);
    await tile.getByRole('link', { name: 'Naar de aanmeldingen' }).click();
    await page.waitForURL(`${server.url}/publications/${invitation}/rsvp`);
  });
});
