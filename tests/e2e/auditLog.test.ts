import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { publicationIds } from '../../server/src/seed/ids';
import { axeViolations } from './support/axe';
import {
  animationsSettled,
  newDesktopContext,
  newPhoneContext,
  releaseBrowser,
  screenshot,
  workerBrowser,
} from './support/browser';
import { apiAsBrowser } from './support/browserApi';
import { sharedServerUrl } from './support/sharedServer';
import { ANNE, BRAM, signIn, signInWithRedirect } from './support/signIn';

// The Logboek in the console, two members in two browsers: Anne asks approval for a small send and Bram
// approves it (through the API, as the browsers), then Bram reads who did what on /logboek/, filters it
// by member, kind and period, downloads it as CSV, reads it on a phone, and changes its retention under
// Instellingen. On the worker's shared server: approval and the retention are reset at the end.

const server = { url: sharedServerUrl() };
const title = `Logboek-test ${Date.now()}`;
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** Today's or another day's date in Amsterdam as the console types it: '28-11-2026'. */
function amsterdamDay(offsetDays: number): string {
  const day = new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000);
  const parts = new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  }).formatToParts(day);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}

/** The Logboek's row of this test's send with that kind. */
function row(page: Page, kind: string): Locator {
  return page.getByRole('row').filter({ hasText: title }).filter({ hasText: kind });
}

/** Picks a choice of one of the table's filters. */
async function pick(page: Page, filter: string, choice: string): Promise<void> {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: choice, exact: true }).click();
}

describe('the Logboek: who did what when', () => {
  let anneContext: BrowserContext;
  let anne: Page;
  let bramContext: BrowserContext;
  let bram: Page;

  beforeAll(async () => {
    anneContext = await newDesktopContext(browser);
    anne = await anneContext.newPage();
    await signIn(anne, server.url, ANNE);
    bramContext = await newDesktopContext(browser);
    bram = await bramContext.newPage();
    await signIn(bram, server.url, BRAM);
  });
  afterAll(async () => {
    if (anne) {
      await apiAsBrowser(anne, 'PUT', '/approval-settings', { minRecipients: null });
      await apiAsBrowser(anne, 'PUT', '/auditlog/settings', { retentionMonths: 24 });
    }
    await anneContext?.close();
    await bramContext?.close();
  });

  it("shows Anne's request, Bram's approval and the send with their names, filtered and exported", async () => {
    await apiAsBrowser(anne, 'PUT', '/approval-settings', { minRecipients: 1 });
    const list = await apiAsBrowser<{ id: string }>(
      anne,
      'POST',
      `/list/manual?title=${encodeURIComponent(title)}`,
    );
    for (const index of [1, 2]) {
      const email = `logboek-${index}@zuiderveen.example.nl`;
      await apiAsBrowser(anne, 'POST', `/list/manual/${list.id}/subscriber`, { name: email, email });
    }
    const audienceId = await apiAsBrowser<string>(
      anne,
      'POST',
      `/audience?name=${encodeURIComponent(title)}`,
    );
    await apiAsBrowser(anne, 'POST', `/audience/${audienceId}/lists/add?listId=${list.id}`);
    const request = await apiAsBrowser<{ id: string }>(anne, 'POST', '/approvalrequests', {
      publicationId: publicationIds.publications.januaryNewsletter,
      publicationTemplateId: publicationIds.templates.zuiderveenStandard,
      title,
      audienceId,
    });
    await apiAsBrowser(bram, 'POST', `/approvalrequests/${request.id}/approve`);

    await bram.goto(`${server.url}/publications/`);
    await bram.getByRole('link', { name: 'Logboek' }).click();
    await bram.waitForURL((url) => /^\/logboek\/?$/.test(url.pathname));
    await row(bram, 'Verspreiding aangevraagd').getByText('Anne de Vries').waitFor();
    await row(bram, 'Verspreiding goedgekeurd').getByText('Bram Jansen').waitFor();
    // The job is Anne's: the Logboek names her as who started it, after Bram's approval.
    await row(bram, 'Verspreiding gestart').getByText('Anne de Vries').waitFor();
    // What it concerns: the send by its title.
    expect(await row(bram, 'Verspreiding gestart').textContent()).toContain(`Verzending: ${title}`);
    await animationsSettled(bram);
    await screenshot(bram, 'auditlog-desktop');
    expect(await axeViolations(bram)).toEqual([]);

    await pick(bram, 'Handeling', 'Verspreiding gestart');
    await expect.poll(() => row(bram, 'Verspreiding aangevraagd').count()).toBe(0);
    expect(await row(bram, 'Verspreiding goedgekeurd').count()).toBe(0);
    await row(bram, 'Verspreiding gestart').waitFor();
    await pick(bram, 'Lid', 'Bram Jansen');
    await expect.poll(() => row(bram, 'Verspreiding gestart').count()).toBe(0);
    await pick(bram, 'Handeling', 'Verspreiding goedgekeurd');
    await row(bram, 'Verspreiding goedgekeurd').getByText('Bram Jansen').waitFor();
    await bram.getByLabel('Vanaf').fill(amsterdamDay(0));
    await expect.poll(() => new URL(bram.url()).searchParams.get('filter') ?? '').toContain('"from"');
    await row(bram, 'Verspreiding goedgekeurd').waitFor();
    await animationsSettled(bram);
    await screenshot(bram, 'auditlog-filtered-desktop');

    // The CSV holds what the filters show: Bram's approval, not Anne's request nor the send.
    const [download] = await Promise.all([
      bram.waitForEvent('download'),
      bram.getByRole('button', { name: 'Exporteren' }).click(),
    ]);
    const exported = new URL(download.url());
    expect(exported.pathname).toMatch(/\/auditlog\/export$/);
    expect(exported.searchParams.get('kind')).toBe('delivery.approved');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toContain('Moment;Lid;Handeling;Onderdeel');
    const ours = csv.split(/\r?\n/).filter((line) => line.includes(title));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toContain('Bram Jansen');
    expect(ours[0]).toContain('Verspreiding goedgekeurd');

    // A period that ended yesterday has none of today's entries.
    await bram.getByLabel('Vanaf').fill('');
    await bram.getByLabel('Tot en met').fill(amsterdamDay(-1));
    await bram.getByText('Niets gevonden met de huidige filters.').waitFor();
    expect(await row(bram, 'Verspreiding goedgekeurd').count()).toBe(0);
  });

  it('on a phone (390x844): shows the entries in fewer columns, without axe findings', async () => {
    const phone = await newPhoneContext(browser);
    try {
      const page = await phone.newPage();
      await signInWithRedirect(page, server.url, BRAM);
      await page.goto(`${server.url}/logboek/`);
      const approved = row(page, 'Verspreiding goedgekeurd');
      // Who did it shows under what was done; the recipients' count and the details have no column.
      await approved.getByText('Bram Jansen').waitFor();
      expect(await page.getByRole('columnheader').allTextContents()).toEqual(['Moment', 'Handeling']);
      await animationsSettled(page);
      await screenshot(page, 'auditlog-phone');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it("changes 'Bewaartermijn Logboek' under Instellingen, and the change is in the Logboek", async () => {
    await bram.goto(`${server.url}/settings/`);
    await bram.getByText('Het logboek wordt 2 jaar bewaard.').waitFor();
    await bram.getByRole('link', { name: /Bewaartermijn Logboek/ }).click();
    await bram.waitForURL(`${server.url}/settings/logboek`);
    await pick(bram, 'Bewaartermijn', '1 jaar');
    await bram.getByRole('button', { name: 'Opslaan' }).click();
    await bram.getByText('De bewaartermijn van het logboek is opgeslagen').waitFor();
    await animationsSettled(bram);
    await screenshot(bram, 'auditlog-retention-desktop');
    expect(await axeViolations(bram)).toEqual([]);
    // The table keeps its filters from before; this one shows retention changes only.
    const filter = encodeURIComponent(JSON.stringify({ kind: 'logRetention.changed' }));
    await bram.goto(`${server.url}/logboek/?filter=${filter}`);
    await bram
      .getByRole('row')
      .filter({ hasText: 'Bewaartermijn logboek gewijzigd' })
      .filter({ hasText: 'Bram Jansen' })
      .first()
      .waitFor();
  });
});
