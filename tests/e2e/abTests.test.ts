import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryJob } from '../../server/src/contract/publications';
import { publicationIds } from '../../server/src/seed/ids';
import { axeViolations } from './support/axe';
import { apiAsBrowser } from './support/browserApi';
import {
  newDesktopContext,
  newPhoneContext,
  releaseBrowser,
  screenshot,
  workerBrowser,
} from './support/browser';
import { caughtMailUrl } from './support/caughtMail';
import { E2E_ACCESS_TOKEN_TTL_SECONDS } from './support/globalSetup';
import { startOwnServer } from './support/ownServer';
import type { ServerProcess } from './support/serverProcess';
import { ANNE, signIn, signInWithRedirect } from './support/signIn';

// An A/B test of the subject from the deliver page to the analytics page: two variants to the test
// audience's three addresses at 50% (one each), a reader clicks a link in variant B's message, the
// decision is advanced with 'Nu beslissen' (the test's own measure, now instead of after its wait: the
// decision duty runs on the server's clock), B goes to the third address, and both pages compare the
// variants. A server of its own: counts from zero, and a click right after sending is a reader's.

const publicationId = publicationIds.publications.januaryNewsletter;
const subjectA = 'Variant A: de bibliotheek gaat open';
const subjectB = 'Variant B: kom naar de opening';
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

/** The rows of the catcher page searched for `subject`. */
async function caughtWith(page: Page, subject: string) {
  await page.goto(caughtMailUrl(server.url, subject));
  const rows = page.getByRole('row', { name: new RegExp(subject) });
  // The catcher's table shows its rows once its one read answers: count them after that.
  await rows.first().waitFor();
  return rows;
}

describe('an A/B test of the subject', () => {
  let context: BrowserContext;
  let page: Page;
  let parentId = '';

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, server.url);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('sends each variant to its share, the clicked one wins and goes to the rest, and the pages compare them', async () => {
    const baseUrl = server.url;
    await page.goto(`${baseUrl}/publications/${publicationId}/deliver`);
    await page.getByRole('combobox', { name: 'Sjabloon' }).click();
    await page.getByRole('option', { name: 'Standaard' }).click();
    await page.getByRole('combobox', { name: 'Doelgroep' }).click();
    await page.getByRole('option', { name: 'Test redactie' }).click();
    await page.getByRole('switch', { name: 'A/B-test' }).check();
    await page.getByRole('textbox', { name: 'Onderwerp — Variant A' }).fill(subjectA);
    await page.getByRole('textbox', { name: 'Onderwerp — Variant B' }).fill(subjectB);
    await page.getByRole('textbox', { name: 'Testgroep (%)' }).fill('50');
    await page.getByRole('radio', { name: 'Kliks' }).check();
    await page
      .getByTestId('ab-test-split')
      .getByText('Testgroep: 2 ontvangers (1 per variant), daarna de winnaar naar 1.')
      .waitFor();
    await screenshot(page, 'ab-test-deliver-desktop');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Verspreiden', exact: true }).click();
    await page.waitForURL(`${baseUrl}/jobs/`);

    const jobs = await apiAsBrowser<{ data: DeliveryJob[] }>(page, 'GET', '/deliveryjobs?limit=10');
    const parent = jobs.data.find(
      (job) => job.abTestId && job.title === 'Verspreiden van Nieuwsbrief januari 2025',
    );
    expect(parent).toBeDefined();
    parentId = parent!.id;

    // Each subject reaches one address of the three.
    await expect.poll(async () => (await caughtWith(page, subjectA)).count(), { timeout: 30_000 }).toBe(1);
    const variantB = await caughtWith(page, subjectB);
    await expect.poll(() => variantB.count(), { timeout: 30_000 }).toBe(1);

    // A reader of variant B follows its link (with a desktop browser's user agent: a person's click).
    await variantB.first().click();
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
    const reader = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const followed = await reader.request.get(link, {
        maxRedirects: 0,
        headers: { 'user-agent': desktopBrowser },
      });
      expect(followed.status()).toBe(302);
    } finally {
      await reader.close();
    }

    // The job page: the test runs; the click is counted (events are written in batches).
    await page.goto(`${baseUrl}/jobs/${parentId}`);
    const state = page.getByTestId('ab-test-state');
    await state.getByText(/^Test loopt tot /).waitFor({ timeout: 30_000 });
    // Row B: sent 1, opened 1 (the catcher page showed it), clicked 1, no unsubscribes, no bounces.
    const variantRow = (label: 'A' | 'B') =>
      page
        .getByRole('table', { name: 'A/B-test' })
        .getByRole('row')
        .nth(label === 'A' ? 1 : 2);
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await variantRow('B').textContent()) ?? '';
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(`B${subjectB}11100`);
    expect(await variantRow('A').textContent()).toBe(`A${subjectA}10000`);
    await screenshot(page, 'ab-test-job-running');

    // Advancing the decision: 'Nu beslissen' decides by clicks now instead of after the wait.
    // It sends to the rest at once, so it asks first.
    await page.getByRole('button', { name: 'Nu beslissen' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Nu de winnaar kiezen?' });
    await confirmation
      .getByText('De variant die nu het best scoort gaat meteen naar de laatste ontvanger.', { exact: false })
      .waitFor();
    await screenshot(page, 'ab-test-decide-confirmation');
    await confirmation.getByRole('button', { name: 'Nu beslissen' }).click();
    await state.getByText('Winnaar B verzonden').waitFor({ timeout: 30_000 });
    await page
      .getByTestId('ab-test-reason')
      .getByText('Variant B had de meeste unieke kliks (A 0, B 1).')
      .waitFor();
    await page.getByTestId('ab-test-rest').getByText('Naar de rest verzonden: 1 van 1').waitFor();
    await expect.poll(async () => (await caughtWith(page, subjectB)).count(), { timeout: 30_000 }).toBe(2);
    expect(await (await caughtWith(page, subjectA)).count()).toBe(1);

    await page.goto(`${baseUrl}/publications/${publicationId}/analytics`);
    const section = page.getByRole('region', { name: 'A/B-test: Verspreiden van Nieuwsbrief januari 2025' });
    await section.getByTestId('ab-test-state').getByText('Winnaar B verzonden').waitFor();
    const rows = section.getByRole('table', { name: 'A/B-test' }).getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).textContent()).toBe(`A${subjectA}10000`);
    expect(await rows.nth(2).textContent()).toBe(`BWinnaar${subjectB}11100`);
    await screenshot(page, 'ab-test-analytics-desktop');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${baseUrl}/jobs/${parentId}`);
    await page.getByTestId('ab-test-state').getByText('Winnaar B verzonden').waitFor();
    await screenshot(page, 'ab-test-job-desktop');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('is readable and accessible on a phone: the deliver form, the job page and the analytics page', async () => {
    const phone = await newPhoneContext(browser);
    try {
      const small = await phone.newPage();
      await signInWithRedirect(small, server.url, ANNE);
      await small.goto(`${server.url}/publications/${publicationId}/deliver`);
      await small.getByRole('switch', { name: 'A/B-test' }).check();
      await small.getByRole('textbox', { name: 'Onderwerp — Variant B' }).waitFor();
      await screenshot(small, 'ab-test-deliver-phone');
      expect(await axeViolations(small)).toEqual([]);
      await small.goto(`${server.url}/jobs/${parentId}`);
      await small.getByTestId('ab-test-state').getByText('Winnaar B verzonden').waitFor();
      await screenshot(small, 'ab-test-job-phone');
      expect(await axeViolations(small)).toEqual([]);
      await small.goto(`${server.url}/publications/${publicationId}/analytics`);
      await small.getByTestId('ab-test-state').getByText('Winnaar B verzonden').waitFor();
      await screenshot(small, 'ab-test-analytics-phone');
      expect(await axeViolations(small)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
