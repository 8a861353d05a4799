import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { confirmRecipientsAbove } from '../../server/src/contract/mailLimits';
import { publicationIds } from '../../server/src/seed/ids';
import { seriousFindings } from './support/axe';
import {
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  newPhoneContext,
  screenshot,
} from './support/browser';
import { ANNE, signIn, signInWithRedirect } from './support/signIn';
import { caughtMailUrl } from './support/caughtMail';
import { apiAsBrowser } from './support/browserApi';

// Sending a real campaign with confidence, as a user does it: a copy of the January newsletter gets a
// subject and preview text, the deliver panel counts the recipients and warns (already sent to this
// audience), a send above the confirmation threshold is confirmed by typing the number, the job sends,
// and the message in the catcher carries the subject and the preview text.

const baseUrl = sharedServerUrl();
const stamp = Date.now().toString(36);
const copyName = 'Nieuwsbrief januari 2025 (kopie)';
const subject = 'Nieuws uit Zuiderveen voor {{firstName|jou}}';
const sentSubject = 'Nieuws uit Zuiderveen voor jou';
const preheader = `Het marktplein is klaar, en meer ${stamp}`;
// One more than the threshold, so the panel must ask to type the number.
const bigAudienceSize = confirmRecipientsAbove + 1;
const bigAudienceName = `Grote doelgroep ${stamp}`;
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** An audience over a new list of `size` subscribers: more than the confirmation threshold. */
async function createBigAudience(page: Page): Promise<void> {
  const list = await apiAsBrowser<{ id: string }>(
    page,
    'POST',
    `/list/manual?title=${encodeURIComponent(bigAudienceName)}`,
  );
  for (let index = 0; index < bigAudienceSize; index++) {
    await apiAsBrowser(page, 'POST', `/list/manual/${list.id}/subscriber`, {
      name: `Lezer ${index}`,
      email: `lezer${index}.${stamp}@voorbeeld.nl`,
    });
  }
  const audienceId = await apiAsBrowser<string>(
    page,
    'POST',
    `/audience?name=${encodeURIComponent(bigAudienceName)}`,
  );
  await apiAsBrowser(page, 'POST', `/audience/${audienceId}/lists/add?listId=${list.id}`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openDeliverPanel(page: Page) {
  await page.getByRole('button', { name: 'Verspreiden', exact: true }).click();
  return page.getByRole('dialog', { name: `${copyName} verspreiden` });
}

async function chooseInPanel(page: Page, panel: ReturnType<Page['getByRole']>, audience: string) {
  await panel.getByRole('combobox', { name: /Sjabloon/ }).click();
  await page.getByRole('option', { name: 'Standaard', exact: true }).click();
  await panel.getByRole('combobox', { name: /Doelgroep/ }).click();
  await page.getByRole('option', { name: audience, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('sending with confidence: subject, checks, typed confirmation, the message in the catcher', () => {
  let context: BrowserContext;
  let page: Page;
  let copyUrl: string;

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
    await createBigAudience(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('duplicates the January newsletter and gives the copy a subject and preview text, shown as an inbox line', async () => {
    await page.goto(`${baseUrl}/publications/${publicationIds.publications.januaryNewsletter}`);
    await page.getByRole('button', { name: 'Dupliceren' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Nieuwsbrief januari 2025 dupliceren' });
    await duplicate.getByText(`'${copyName}'`, { exact: false }).waitFor();
    await duplicate.getByRole('button', { name: 'Dupliceren' }).click();
    await page.getByText('De kopie is gemaakt.').waitFor();
    await page.waitForURL(
      (url) =>
        url.pathname.startsWith('/publications/') &&
        !url.pathname.includes(publicationIds.publications.januaryNewsletter),
    );
    copyUrl = page.url();
    await page.getByRole('heading', { name: copyName }).first().waitFor();
    // The copy has the original's four blocks.
    await page.getByText('Blokken (4)').waitFor();

    await page.getByRole('button', { name: 'Aanpassen' }).click();
    const edit = page.getByRole('dialog', { name: 'Publicatie aanpassen' });
    await edit.getByLabel('Onderwerp').fill(subject);
    await edit.getByLabel('Voorbeeldtekst').fill(preheader);
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await edit.waitFor({ state: 'detached' });

    const inbox = page.getByTestId('inbox-line');
    await expect.poll(() => inbox.innerText()).toContain(sentSubject);
    expect(await inbox.innerText()).toContain(preheader);
    await inbox.scrollIntoViewIfNeeded();
    await screenshot(page, 'publication-inbox-line-desktop');
  });

  it('counts the recipients, warns about an audience that already had it, and sends now', async () => {
    await page.goto(copyUrl);
    let panel = await openDeliverPanel(page);
    await chooseInPanel(page, panel, 'Test redactie');
    await panel.getByText('3 ontvangers').waitFor();
    await panel.getByText('Geen bezwaren gevonden.').waitFor();
    await panel.getByRole('button', { name: 'Verspreiden' }).click();
    // It starts at once: the notification says so, and never that it is planned.
    await page.getByText('De job is gestart: het bericht wordt nu verzonden.').waitFor();
    await page.waitForURL(`${baseUrl}/jobs/`);
    const row = page
      .getByRole('row', { name: new RegExp(`${escapeRegExp(copyName)}.*Test redactie`) })
      .first();
    await row.getByText('Verzonden').waitFor({ timeout: 30_000 });

    await page.goto(copyUrl);
    panel = await openDeliverPanel(page);
    await chooseInPanel(page, panel, 'Test redactie');
    const warnings = panel.getByTestId('deliver-warnings');
    await warnings.getByText(/al naar deze doelgroep verzonden op/).waitFor();
    await warnings.scrollIntoViewIfNeeded();
    await screenshot(page, 'deliver-panel-warning-desktop');
    expect(await seriousFindings(page)).toEqual([]);
  });

  it(`asks to type the number above ${confirmRecipientsAbove} recipients, then sends to all of them`, async () => {
    const panel = page.getByRole('dialog', { name: `${copyName} verspreiden` });
    await panel.getByRole('combobox', { name: /Doelgroep/ }).click();
    await page.getByRole('option', { name: bigAudienceName, exact: true }).click();
    // The closing menu's options fade out; axe below must not judge them half transparent.
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await panel.getByText(`${bigAudienceSize} ontvangers`).waitFor();
    const confirmation = panel.getByRole('textbox', { name: `Typ ${bigAudienceSize} om te bevestigen` });
    await confirmation.waitFor();
    await confirmation.scrollIntoViewIfNeeded();
    await screenshot(page, 'deliver-panel-confirm-desktop');
    expect(await seriousFindings(page)).toEqual([]);

    await confirmation.fill(String(bigAudienceSize - 1));
    await panel.getByRole('button', { name: 'Verspreiden' }).click();
    await panel.getByText(`Typ precies ${bigAudienceSize}`).waitFor();
    await confirmation.fill(String(bigAudienceSize));
    await panel.getByRole('button', { name: 'Verspreiden' }).click();
    await page.getByText('De job is gestart: het bericht wordt nu verzonden.').waitFor();
    await page.waitForURL(`${baseUrl}/jobs/`);
    const row = page.getByRole('row', { name: new RegExp(bigAudienceName) }).first();
    await row.getByText('Verzonden').waitFor({ timeout: 120_000 });
    await row.getByText(`${bigAudienceSize} van ${bigAudienceSize}`).waitFor();

    // A job that has started shows when it started, not 'Gepland voor'.
    await row.click();
    await page.getByText(/^Gestart op /).waitFor();
    expect(await page.getByText(/^Gepland voor /).count()).toBe(0);
  });

  it('shows the message in the catcher with its subject and, hidden at the top, its preview text', async () => {
    const address = `lezer7.${stamp}@voorbeeld.nl`;
    await page.goto(caughtMailUrl(baseUrl, address));
    const row = page.getByRole('row', { name: new RegExp(escapeRegExp(address)) }).first();
    await row.getByRole('cell', { name: sentSubject }).waitFor();
    await row.click();
    await page.getByRole('heading', { name: sentSubject, level: 2 }).waitFor();
    await expect
      .poll(async () => {
        const mail = page.frames().find((candidate) => candidate.url() === 'about:srcdoc');
        return mail
          ? await mail.evaluate(() => {
              const first = document.body.querySelector('div[style*="display:none"]');
              return first?.textContent?.trim() ?? '';
            })
          : '';
      })
      .toContain(preheader);
  });

  it('plans a job for later, says so, moves it on its page and cancels it', async () => {
    // A local moment tomorrow at 10:00, typed day first as the Dutch date-time input takes it.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const local = (date: Date, hour: number) =>
      `${String(date.getDate()).padStart(2, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${date.getFullYear()} ${hour}:00`;
    await page.goto(copyUrl);
    const panel = await openDeliverPanel(page);
    await chooseInPanel(page, panel, 'Test redactie');
    await panel.getByLabel('Verzenden op').fill(local(new Date(Date.now() - 2 * 24 * 60 * 60 * 1000), 10));
    await panel.getByRole('button', { name: 'Verspreiden' }).click();
    await panel.getByText('Kies een moment in de toekomst').waitFor();
    await panel.getByLabel('Verzenden op').fill(local(tomorrow, 10));
    await panel.getByRole('button', { name: 'Verspreiden' }).click();
    await page.getByText(/^De job staat gepland voor .*10:00\.$/).waitFor();
    await page.waitForURL(`${baseUrl}/jobs/`);

    await page
      .getByRole('row', { name: new RegExp(`${escapeRegExp(copyName)}.*Gepland`) })
      .first()
      .click();
    await page.getByText(/^Gepland voor .*10:00$/).waitFor();
    await page.getByRole('button', { name: 'Verzetten' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Job verzetten' });
    await reschedule.getByLabel(/Gepland voor/).fill(local(tomorrow, 14));
    await screenshot(page, 'job-reschedule-desktop');
    expect(await seriousFindings(page)).toEqual([]);
    await reschedule.getByRole('button', { name: 'Verzetten' }).click();
    await page.getByText('De job is verzet.').waitFor();
    await page.getByText(/^Gepland voor .*14:00$/).waitFor();

    await page.getByRole('button', { name: 'Annuleren' }).click();
    await page
      .getByRole('dialog', { name: 'Job annuleren' })
      .getByRole('button', { name: 'Annuleren', exact: true })
      .click();
    await page.getByText('De job is geannuleerd.').waitFor();
    await page.getByText('Geannuleerd').first().waitFor();
    // No longer planned: neither the moment nor 'Verzetten' shows.
    await expect.poll(() => page.getByText(/^Gepland voor /).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Verzetten' }).count()).toBe(0);
  });
});

describe('the deliver panel on a phone (390x844)', () => {
  it('shows the count and checks, without serious axe findings', async () => {
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      await signInWithRedirect(page, baseUrl, ANNE);
      await page.goto(`${baseUrl}/publications/${publicationIds.publications.januaryNewsletter}`);
      await page.getByRole('button', { name: 'Verspreiden', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Nieuwsbrief januari 2025 verspreiden' });
      await panel.getByRole('combobox', { name: /Sjabloon/ }).click();
      await page.getByRole('option', { name: 'Standaard', exact: true }).click();
      await panel.getByRole('combobox', { name: /Doelgroep/ }).click();
      await page.getByRole('option', { name: bigAudienceName, exact: true }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await panel.getByText(`${bigAudienceSize} ontvangers`).waitFor();
      // The January newsletter has no subject of its own: the panel says so.
      await panel.getByText(/nog geen onderwerp ingesteld/).waitFor();
      const confirmation = panel.getByRole('textbox', { name: `Typ ${bigAudienceSize} om te bevestigen` });
      await confirmation.scrollIntoViewIfNeeded();
      await screenshot(page, 'deliver-panel-phone');
      expect(await seriousFindings(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
