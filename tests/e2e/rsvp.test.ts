import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CaughtMessage, CaughtMessagePage } from '../../server/src/contract/mail';
import type { DeliveryJob, DeliveryRecipientPage } from '../../server/src/contract/publications';
import { publicationIds } from '../../server/src/seed/ids';
import { axeViolations } from './support/axe';
import { apiAsBrowser } from './support/browserApi';
import {
  animationsSettled,
  DESKTOP,
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  PHONE,
  screenshot,
} from './support/browser';
import { signIn } from './support/signIn';

// An invitation from the console to the invitees' answers and back: 2 places, sent to 3 subscribers; two say Ja, the third lands on the waiting list; the first changes to Nee and the
// third is promoted (the email in the catcher); the RSVP page counts, the CSV downloads, and a delivery
// to 'Deelnemers - RsvP die komen' reaches exactly the two Ja. Axe checks the console and public pages.

const baseUrl = sharedServerUrl();
const publicationId = publicationIds.publications.newYearReception;
// Addresses of their own, in an audience of their own, so no other test's mail or answers mix in.
const addresses = ['ada@rsvp.proef.nl', 'bas@rsvp.proef.nl', 'cor@rsvp.proef.nl'];
const audienceName = 'Genodigden RSVP-proef';
/** The address of a To line ('"cor" <cor@…>' or a bare address). */
const addressOf = (to: string) => to.toLowerCase().replace(/^.*<|>$/g, '');

describe('RSVP: invitation, answers, waiting list, participants', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** The invitees' pages, in a tab of their own: the signed-in console tab keeps calling the API. */
  let invitee: Page;

  beforeAll(async () => {
    browser = await workerBrowser();
    context = await newDesktopContext(browser);
    page = await context.newPage();
    invitee = await context.newPage();
    await signIn(page, baseUrl);
    const list = await apiAsBrowser<{ id: string }>(page, 'POST', '/list/manual?title=RSVP-proef');
    for (const email of addresses) {
      await apiAsBrowser(page, 'POST', `/list/manual/${list.id}/subscriber`, {
        name: email.split('@')[0],
        email,
      });
    }
    const audienceId = await apiAsBrowser<string>(
      page,
      'POST',
      `/audience?name=${encodeURIComponent(audienceName)}`,
    );
    await apiAsBrowser(page, 'POST', `/audience/${audienceId}/lists/add?listId=${list.id}`);
  });
  afterAll(async () => {
    await context?.close();
    await releaseBrowser(browser);
  });

  const caught = async (match: (message: CaughtMessage) => boolean) => {
    const { data } = await apiAsBrowser<CaughtMessagePage>(
      page,
      'GET',
      '/mail-catcher/messages?limit=250&search=rsvp.proef.nl',
    );
    const found: CaughtMessage[] = [];
    for (const summary of data) {
      if (!addresses.includes(addressOf(summary.to))) continue;
      const message = await apiAsBrowser<CaughtMessage>(page, 'GET', `/mail-catcher/messages/${summary.id}`);
      if (match(message)) found.push(message);
    }
    return found;
  };
  const finished = async (jobId: string) => {
    await expect
      .poll(async () => (await apiAsBrowser<DeliveryJob>(page, 'GET', `/deliveryjobs/${jobId}`)).status, {
        timeout: 30_000,
      })
      .toBe('Verzonden');
  };
  const deliver = async (audience: string) => {
    await page.goto(`${baseUrl}/publications/${publicationId}/deliver`);
    await page.getByRole('combobox', { name: 'Sjabloon' }).click();
    await page.getByRole('option', { name: 'Uitnodiging', exact: true }).click();
    await page.getByRole('combobox', { name: 'Doelgroep' }).click();
    await page.getByRole('option', { name: audience }).click();
    const [posted] = await Promise.all([
      page.waitForResponse(
        (response) => response.url().endsWith('/deliveryjobs') && response.request().method() === 'POST',
      ),
      page.getByRole('button', { name: 'Verspreiden', exact: true }).click(),
    ]);
    expect(posted.status()).toBe(201);
    const job = (await posted.json()) as DeliveryJob;
    await finished(job.id);
    return job.id;
  };
  const links = new Map<string, string>();
  const answer = async (address: string, choice: 'Ja' | 'Nee') => {
    await invitee.goto(`${links.get(address)!}?antwoord=${choice.toLowerCase()}`);
    await expect.poll(() => invitee.getByRole('radio', { name: choice }).isChecked()).toBe(true);
    await invitee.getByRole('button', { name: 'Bevestigen' }).click();
    await invitee.getByRole('status').or(invitee.getByRole('alert')).first().waitFor();
  };

  it('makes the publication an invitation of 2 places on its RSVP page', async () => {
    await page.goto(`${baseUrl}/publications/${publicationId}/rsvp`);
    await page.getByText('Deze publicatie is nog geen uitnodiging').waitFor();
    await page.getByRole('button', { name: 'Instellingen' }).click();
    const panel = page.getByRole('dialog', { name: 'Instellingen van de uitnodiging' });
    await panel.getByLabel('Deze publicatie is een uitnodiging').check();
    await panel.getByLabel(/^Plaatsen/).fill('2');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    // The reminders and the form picker, on a desktop and on a phone.
    await panel.getByLabel(/^Herinnering \(dagen/).fill('3');
    await panel.getByLabel(/^Herinnering aan wie komt/).fill('1');
    const formPicker = panel.getByLabel('Vragen uit formulier');
    for (const [size, name] of [
      [DESKTOP, 'rsvp-settings-reminders-desktop'],
      [PHONE, 'rsvp-settings-reminders-phone'],
    ] as const) {
      await page.setViewportSize(size);
      await formPicker.scrollIntoViewIfNeeded();
      await animationsSettled(page);
      await screenshot(page, name);
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    }
    await page.setViewportSize(DESKTOP);
    await panel.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Instellingen opgeslagen').waitFor();
    await page.getByText('Uitnodiging aan').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it('sends it to 3; two say Ja, the third lands on the waiting list', async () => {
    await deliver(audienceName);
    const invitations = await caught(
      (message) => message.subject === 'Uitnodiging nieuwjaarsreceptie' && /\/r\//.test(message.text ?? ''),
    );
    for (const message of invitations) {
      const link = /Ja: (https:\/\/\S+\/r\/\S+)\?antwoord=ja/.exec(message.text ?? '');
      links.set(addressOf(message.to), link![1]);
    }
    expect([...links.keys()].sort()).toEqual(addresses);

    await answer(addresses[0], 'Ja');
    await invitee.getByText('Je antwoord is opgeslagen').waitFor();
    expect(await axeViolations(invitee)).toEqual([]);
    await screenshot(invitee, 'rsvp-answer-page');
    await answer(addresses[1], 'Ja');
    await answer(addresses[2], 'Ja');
    await invitee.getByRole('status').getByText('je staat op de wachtlijst').waitFor();
  });

  it('the first changes to Nee and the third is promoted, with an email', async () => {
    await answer(addresses[0], 'Nee');
    await expect
      .poll(
        async () =>
          (await caught((message) => message.subject.startsWith('Er is een plaats voor je vrij'))).map(
            (message) => addressOf(message.to),
          ),
        {
          timeout: 30_000,
        },
      )
      .toEqual([addresses[2]]);
  });

  it('shows the counts on the RSVP page and downloads the CSV', async () => {
    await page.goto(`${baseUrl}/publications/${publicationId}/rsvp`);
    const tile = (name: string) => page.locator(`[data-tile="${name}"]`).getByRole('paragraph').first();
    await expect.poll(() => tile('yes').textContent()).toBe('2');
    expect(await tile('invited').textContent()).toBe('3');
    expect(await tile('no').textContent()).toBe('1');
    expect(await tile('waiting').textContent()).toBe('0');
    expect(await tile('placesLeft').textContent()).toBe('0');
    await page.getByRole('cell', { name: addresses[2], exact: true }).waitFor();
    await screenshot(page, 'rsvp-console-page');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV downloaden' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('Naam;E-mailadres;Antwoord;Gasten;Vragen;Tijdstip;Bron');
    expect(csv.split(/\r?\n/).filter((line) => line.includes(';Ja;'))).toHaveLength(2);
  });

  it("delivers to 'Deelnemers - RsvP die komen': exactly the two Ja", async () => {
    const jobId = await deliver('Deelnemers - RsvP die komen');
    const recipients = await apiAsBrowser<DeliveryRecipientPage>(
      page,
      'GET',
      `/deliveryjobs/${jobId}/recipients`,
    );
    expect(recipients.data.map((recipient) => recipient.email.toLowerCase()).sort()).toEqual([
      addresses[1],
      addresses[2],
    ]);
  });
});
