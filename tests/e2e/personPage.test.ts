import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Person } from '../../server/src/contract/privacy';
import type { RsvpInviteePage } from '../../server/src/contract/rsvp';
import type { SubscriberPage } from '../../server/src/contract/receivers';
import { publicationIds, receiverIds } from '../../server/src/seed/ids';
import { axeViolations } from './support/axe';
import { apiAsBrowser } from './support/browserApi';
import {
  animationsSettled,
  newDesktopContext,
  newPhoneContext,
  releaseBrowser,
  screenshot,
  workerBrowser,
} from './support/browser';
import { E2E_ACCESS_TOKEN_TTL_SECONDS } from './support/globalSetup';
import { startOwnServer } from './support/ownServer';
import type { ServerProcess } from './support/serverProcess';
import { ANNE, signIn, signInWithRedirect } from './support/signIn';

// A person's page (Ontvangers › Persoon) for a seeded resident who is on a list, received the February
// newsletter and said Ja to the residents' evening: staff find them by address, see all of it, export it
// as JSON, erase it with the typed confirmation, and the person is gone from the lists. The resident's own
// 'Mijn gegevens' page is checked for accessibility on a phone. A server of its own: the erasure changes
// seeded data that other files count on.

let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  server = await startOwnServer({ ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL_SECONDS) });
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

/** Seeded invitees who said Ja to the residents' evening (each also on a list and sent the newsletter). */
async function residentsWhoSaidYes(page: Page): Promise<string[]> {
  const invitees = await apiAsBrowser<RsvpInviteePage>(
    page,
    'GET',
    `/publications/${publicationIds.publications.residentsEvening}/rsvp/invitees?answer=Ja`,
  );
  // An erased invitee keeps an address that reaches no one ('….invalid'): no person any more.
  return invitees.data
    .map((invitee) => invitee.email.toLowerCase())
    .filter((email) => !email.endsWith('.invalid'));
}

const section = (page: Page, name: string) => page.getByRole('region', { name }).first();

describe("a person's page on a desktop (1366x768)", () => {
  let context: BrowserContext;
  let page: Page;
  let email = '';

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, server.url);
    // Someone on a list who also got a delivery: the seeded newsletter went to the same audience.
    for (const candidate of await residentsWhoSaidYes(page)) {
      const person = await apiAsBrowser<Person>(
        page,
        'GET',
        `/person?email=${encodeURIComponent(candidate)}`,
      );
      const rows = (key: string) => person.parts.find((part) => part.key === key)?.rows.length ?? 0;
      if (rows('lists') > 0 && rows('deliveries') > 0 && rows('rsvp') > 0) {
        email = candidate;
        break;
      }
    }
    expect(email).not.toBe('');
  });
  afterAll(async () => {
    await context?.close();
  });

  it('finds the person from Ontvangers by part of the address and shows lists, deliveries and the RSVP answer', async () => {
    await page.goto(`${server.url}/recievers/`);
    await page.getByRole('link', { name: /Persoon/ }).click();
    await page.waitForURL(`${server.url}/recievers/persons/`);
    await page.getByText('Zoek een persoon op (een deel van) het e-mailadres').waitFor();
    await page.getByPlaceholder('Zoeken').fill(email.split('@')[0]);
    await page.getByRole('link', { name: email, exact: true }).click();
    await page.getByRole('heading', { name: email, level: 2 }).waitFor();

    await section(page, 'Lijsten')
      .getByRole('cell', { name: /Nieuwsbrief bewoners|Ondernemers Zuiderveen/ })
      .first()
      .waitFor();
    await section(page, 'Verzendingen').getByRole('cell', { name: 'Verzonden' }).first().waitFor();
    await section(page, 'Antwoorden op uitnodigingen')
      .getByRole('cell', { name: 'Ja', exact: true })
      .waitFor();
    await page.getByText('Doet aan geen traject mee.').waitFor();
    await animationsSettled(page);
    await screenshot(page, 'person-page-desktop');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("'Exporteren (JSON)' downloads everything held on the address", async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporteren (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`gegevens-${email.replace('@', '-')}.json`);
    const exported = JSON.parse(await readFile((await download.path()) as string, 'utf8')) as Person;
    const rows = (key: string) => exported.parts.find((part) => part.key === key)?.rows ?? [];
    expect(exported.email).toBe(email);
    expect(rows('lists').length).toBeGreaterThan(0);
    expect(rows('deliveries').length).toBeGreaterThan(0);
    expect(rows('rsvp')).toEqual([expect.objectContaining({ answer: 'Ja' })]);
  });

  it("'Wissen' asks for the address typed again, then erases: the person is gone from every list", async () => {
    await page.getByRole('button', { name: 'Wissen' }).click();
    const panel = page.getByRole('dialog', { name: 'Persoon wissen' });
    await panel.getByText(`Alles wat deze omgeving over ${email} bewaart`).waitFor();
    const confirmation = panel.getByLabel(/E-mailadres ter bevestiging/);
    await confirmation.fill('iemand.anders@example.nl');
    await panel.getByRole('button', { name: 'Wissen' }).click();
    await panel.getByText('Dit is niet het e-mailadres van deze persoon').waitFor();
    await animationsSettled(page);
    await screenshot(page, 'person-erase-desktop');
    expect(await axeViolations(page)).toEqual([]);

    await confirmation.fill(email.toUpperCase());
    await panel.getByRole('button', { name: 'Wissen' }).click();
    await page.waitForURL(`${server.url}/recievers/persons/`);
    await page.getByText('De gegevens zijn gewist').waitFor();

    for (const listId of [receiverIds.lists.residents, receiverIds.lists.entrepreneurs]) {
      const found = await apiAsBrowser<SubscriberPage>(
        page,
        'GET',
        `/list/manual/${listId}/subscribers?search=${encodeURIComponent(email)}`,
      );
      expect(found.data.map((subscriber) => subscriber.email.toLowerCase())).not.toContain(email);
    }
    await page.getByPlaceholder('Zoeken').fill(email);
    await page.getByText('Niets gevonden met de huidige filters.').waitFor();
    expect(await page.getByRole('link', { name: email, exact: true }).count()).toBe(0);
    await page.goto(`${server.url}/recievers/persons/${encodeURIComponent(email)}`);
    await page.getByText('Over dit e-mailadres is niets (meer) bewaard.').waitFor();
  });
});

describe("a person's page and the resident's own page on a phone (390x844)", () => {
  it('shows the person and their Mijn gegevens page without axe findings', async () => {
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      await signInWithRedirect(page, server.url, ANNE);
      const [email] = (await residentsWhoSaidYes(page)).slice(-1);
      await page.goto(`${server.url}/recievers/persons/${encodeURIComponent(email)}`);
      await page.getByRole('heading', { name: email, level: 2 }).waitFor();
      await section(page, 'Antwoorden op uitnodigingen')
        .getByRole('cell', { name: 'Ja', exact: true })
        .waitFor();
      await animationsSettled(page);
      await screenshot(page, 'person-page-phone');
      expect(await axeViolations(page)).toEqual([]);

      const { personalDataUrl } = await apiAsBrowser<Person>(
        page,
        'GET',
        `/person?email=${encodeURIComponent(email)}`,
      );
      await page.goto(personalDataUrl);
      await page.getByRole('heading', { name: 'Mijn gegevens', level: 1 }).waitFor();
      await screenshot(page, 'personal-data-phone');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Mijn gegevens downloaden' }).click();
      await page.getByRole('heading', { name: 'Kijk in je e-mail' }).waitFor();
      await screenshot(page, 'personal-data-mailed-phone');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("'Bewaartermijnen' under Instellingen", () => {
  it('shows the defaults, keeps inactive subscribers unless switched on, and keeps a saved change', async () => {
    const context = await newDesktopContext(browser);
    try {
      const page = await context.newPage();
      await signIn(page, server.url);
      await page.goto(`${server.url}/settings/`);
      await page
        .getByText('Formulierantwoorden 24 maanden, antwoorden op uitnodigingen 24 maanden.')
        .waitFor();
      await page.getByRole('link', { name: /Bewaartermijnen/ }).click();
      await page.waitForURL(`${server.url}/settings/retention`);
      const forms = page.getByLabel(/Formulierantwoorden bewaren/);
      await forms.waitFor();
      expect(await page.getByLabel(/Inactief na/).count()).toBe(0);
      await forms.fill('12');
      await page.getByLabel(/Inactieve ontvangers verwijderen/).check();
      await page.getByLabel(/Inactief na/).fill('36');
      await animationsSettled(page);
      await screenshot(page, 'settings-retention-desktop');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('Bewaartermijnen opgeslagen').waitFor();
      await page.reload();
      await expect.poll(() => page.getByLabel(/Formulierantwoorden bewaren/).inputValue()).toBe('12');
      expect(await page.getByLabel(/Inactief na/).inputValue()).toBe('36');
    } finally {
      await context.close();
    }
  });

  it('fits a phone without axe findings', async () => {
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      await signInWithRedirect(page, server.url, ANNE);
      await page.goto(`${server.url}/settings/retention`);
      await page.getByLabel(/Antwoorden op uitnodigingen bewaren/).waitFor();
      await animationsSettled(page);
      await screenshot(page, 'settings-retention-phone');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
