import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { publicationIds } from '../../server/src/seed/ids';
import { releaseBrowser, workerBrowser, newDesktopContext, screenshot } from './support/browser';
import { signIn } from './support/signIn';
import { caughtMailUrl } from './support/caughtMail';

// A delivery from the console to the mailbox and back: the job is sent by the server's worker to the
// embedded catcher, a message is read on the catcher page, its unsubscribe link is followed, and the
// address shows among the unsubscribers (then the unsubscribe is undone, so other tests find the seed).

const baseUrl = sharedServerUrl();
const address = 'redactie@zuiderveen.example.nl';
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('delivery: job, catcher, unsubscribe', () => {
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

  it('delivers to the test audience and the job reaches Verzonden on /jobs/ and its page', async () => {
    await page.goto(`${baseUrl}/publications/${publicationIds.publications.januaryNewsletter}/deliver`);
    await page.getByRole('combobox', { name: 'Sjabloon' }).click();
    await page.getByRole('option', { name: 'Standaard' }).click();
    await page.getByRole('combobox', { name: 'Doelgroep' }).click();
    await page.getByRole('option', { name: 'Test redactie' }).click();
    await page.getByRole('button', { name: 'Verspreiden', exact: true }).click();
    await page.waitForURL(`${baseUrl}/jobs/`);

    const row = page.getByRole('row', { name: /Test redactie/ }).first();
    await row.getByText('Verzonden').waitFor({ timeout: 30_000 });
    await row.getByText('3 van 3').waitFor();
    await screenshot(page, 'jobs-list-sent');

    await row.click();
    await page.getByRole('heading', { name: 'Verspreiden van Nieuwsbrief januari 2025', level: 2 }).waitFor();
    await page.getByRole('cell', { name: address, exact: true }).waitFor();
    await screenshot(page, 'job-detail-desktop');
  });

  it('shows the message in the catcher, and its unsubscribe link puts the address among the unsubscribers', async () => {
    await page.goto(caughtMailUrl(baseUrl, address));
    await page
      .getByRole('row', { name: new RegExp(address) })
      .first()
      .click();
    await page.getByRole('tab', { name: 'Tekstversie' }).click();
    const text = (await page.locator('pre').first().textContent()) ?? '';
    const link = /https:\/\/\S+\/u\/[0-9a-z]+\.[A-Za-z0-9_-]{22}/.exec(text)?.[0];
    expect(link).toBeDefined();

    const visitor = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const mailbox = await visitor.newPage();
      await mailbox.goto(link!);
      await mailbox.getByRole('heading', { name: 'Uitschrijven' }).waitFor();
      await mailbox.getByText(address).waitFor();
      await mailbox.getByRole('button', { name: 'Ja, schrijf mij uit' }).click();
      await mailbox.getByRole('heading', { name: 'Je bent uitgeschreven' }).waitFor();
      await screenshot(mailbox, 'unsubscribed-page');
    } finally {
      await visitor.close();
    }

    await page.goto(`${baseUrl}/recievers/unsubscribers/`);
    await page.getByRole('cell', { name: address, exact: true }).waitFor();

    // Leave the seed as it was: undo the unsubscribe with a reason.
    await page.getByRole('button', { name: `Uitschrijving verwijderen: ${address}` }).click();
    const remove = page.getByRole('dialog', { name: 'Uitschrijving verwijderen' });
    await remove.getByLabel(/Reden/).fill('Opnieuw aangemeld na de end-to-end-test.');
    await remove.getByRole('button', { name: 'Verwijderen' }).click();
    await remove.waitFor({ state: 'detached' });
  });
});
