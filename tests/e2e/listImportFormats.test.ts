import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import {
  newDesktopContext,
  newPhoneContext,
  releaseBrowser,
  screenshot,
  workerBrowser,
} from './support/browser';
import { ANNE, signIn, signInWithRedirect } from './support/signIn';

// Lists exported from other tools go through the wizard with the mapping it suggests, unchanged:
// Mailchimp, Laposta, listmonk and Dutch Excel (UTF-8 with BOM, Windows-1252). The files are written
// here as those tools write them.

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const suffix = Date.now().toString(36);
const address = (name: string) => `${name}.${suffix}@example.nl`;

/** Mailchimp's audience export: every cell quoted, commas, English headers, no full-name column. */
const mailchimp = () =>
  Buffer.from(
    [
      '"Email Address","First Name","Last Name","Address","Phone Number","MEMBER_RATING","OPTIN_TIME","LEID","EUID","TAGS"',
      `"${address('jan.jansen')}","Jan","Jansen","Dorpsstraat 1  Zuiderveen  1234 AB  NL","+31 6 12345678","2","2024-01-02 10:00:00","1","a1b2",""`,
      `"${address('info')}","","","","","1","2024-03-04 12:00:00","3","e5f6","""Bakkerij"""`,
      `"piet.bakker@@${suffix}.example.nl","Piet","Bakker","","","2","2024-04-05 13:00:00","4","g7h8",""`,
    ].join('\n') + '\n',
  );

/** Laposta's export: Dutch headers, the infix in its own column. */
const laposta = () =>
  Buffer.from(
    [
      '"E-mailadres","Voornaam","Tussenvoegsel","Achternaam","Woonplaats","Wijk","Aangemeld op","Status"',
      `"${address('jan.berg')}","Jan","van der","Berg","Zuiderveen","Noord","2024-05-01 09:00:00","actief"`,
      `"${address('els')}","Els","","de Wit","Zuiderveen","Centrum","2024-05-02 09:00:00","actief"`,
    ].join('\r\n') + '\r\n',
  );

/** listmonk's subscriber export, with its JSON attributes column. */
const listmonk = () =>
  Buffer.from(
    [
      'uuid,email,name,attributes,status,created_at,updated_at',
      `5b5c5c52-1a1e-4e0f-9d3e-0c3e7b1e3a11,${address('anne')},Anne de Boer,"{""wijk"": ""Noord"", ""city"": ""Zuiderveen""}",enabled,2024-06-01 10:00:00+00,2024-06-01 10:00:00+00`,
      `7c1e2b9a-2d2f-4f1a-8e4d-1d4f8c2f4b22,${address('bas')},Bas Visser,"{""Wijk"": ""Zuid""}",enabled,2024-06-02 10:00:00+00,2024-06-02 10:00:00+00`,
    ].join('\n') + '\n',
  );

/** What Dutch Excel saves as 'CSV (puntkomma)'. */
const excelText = (tag: string) =>
  [
    'Naam;E-mailadres;Woonplaats',
    `René Brouwer;${address(`rene.${tag}`)};Zuiderveen`,
    `Zoë de Vries;${address(`zoe.${tag}`)};Assen`,
  ].join('\r\n') + '\r\n';

async function downloadText(page: Page, button: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return readFile((await download.path())!, 'utf8');
}

/** A new list through its panels, with the given labels; answers its page's address. */
async function createList(page: Page, title: string, labels: string[] = []): Promise<string> {
  await page.goto(`${baseUrl}/recievers/lists/`);
  await page.getByRole('button', { name: 'Nieuwe Lijst' }).click();
  const create = page.getByRole('dialog', { name: 'Nieuwe Lijst' });
  await create.getByLabel(/Naam/).fill(title);
  await create.getByRole('button', { name: 'Toevoegen' }).click();
  await create.waitFor({ state: 'detached' });
  await page.getByRole('cell', { name: title }).click();
  await page.getByRole('heading', { name: title, level: 2 }).waitFor();
  const listUrl = page.url();
  if (labels.length) {
    await page.getByRole('button', { name: 'Labels aanpaasen' }).click();
    const panel = page.getByRole('dialog', { name: 'Labels aanpaasen' });
    for (const [index, label] of labels.entries()) await panel.getByLabel(`Label ${index + 1}`).fill(label);
    await panel.getByRole('button', { name: 'Opslaan' }).click();
    await panel.waitFor({ state: 'detached' });
  }
  return listUrl;
}

/** Chooses the file on the wizard's first step and goes on to the columns, changing nothing. */
async function toColumns(page: Page, name: string, content: Buffer): Promise<void> {
  await page.getByTestId('import-file-input').setInputFiles({ name, mimeType: 'text/csv', buffer: content });
  await page.getByText(/Gelezen als/).waitFor();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('heading', { name: '3. Kolommen' }).waitFor();
}

/** From the columns step as it is: consent, start, and the finished import's counts. */
async function finishImport(page: Page): Promise<Record<string, string>> {
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('checkbox', { name: /toestemming hebben gegeven/ }).check();
  await page.getByRole('button', { name: 'Importeren starten' }).click();
  await page.getByText('De import is klaar').waitFor({ timeout: 60_000 });
  const counts: Record<string, string> = {};
  for (const key of ['rows', 'added', 'refused']) {
    const item = page.getByTestId(`import-count-${key}`);
    if (await item.count()) counts[key] = (await item.locator('dd').textContent()) ?? '';
  }
  return counts;
}

/** The wizard's first step; a list imported into before shows that import's result first. */
async function openWizard(page: Page, listUrl: string): Promise<void> {
  await page.goto(`${listUrl}/import`);
  const again = page.getByRole('button', { name: 'Nog een bestand importeren' });
  const drop = page.getByText('Sleep een CSV-bestand hierheen of klik om er een te kiezen');
  await again.or(drop).waitFor();
  if (await again.isVisible()) await again.click();
  await drop.waitFor();
}

async function importFile(page: Page, listUrl: string, name: string, content: Buffer) {
  await openWizard(page, listUrl);
  await toColumns(page, name, content);
  return finishImport(page);
}

/** The names in the list's subscribers table. */
async function namesOnList(page: Page, listUrl: string, names: string[]): Promise<void> {
  await page.goto(listUrl);
  for (const name of names) await page.getByRole('cell', { name, exact: true }).first().waitFor();
}

describe('importing exports of other tools as suggested (1366x768)', () => {
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

  it("adds Laposta's unsubscribed members to the unsubscribers, as the columns step says and lets choose", async () => {
    const listUrl = await createList(page, `Afgemeld ${suffix}`);
    const withUnsubscribed = Buffer.from(
      [
        '"E-mailadres","Voornaam","Achternaam","Aangemeld op","Status"',
        `"${address('actief')}","Ada","Actief","2024-05-01 09:00:00","active"`,
        `"${address('afgemeld')}","Bas","Afgemeld","2024-05-02 09:00:00","unsubscribed"`,
      ].join('\r\n') + '\r\n',
    );
    await openWizard(page, listUrl);
    await toColumns(page, 'laposta-afgemeld.csv', withUnsubscribed);
    await page
      .getByText('1 ontvanger in dit bestand is afgemeld in Laposta (kolom Status).', { exact: false })
      .waitFor();
    const unsubscribe = page.getByRole('radio', { name: /Toevoegen aan de uitschrijvers/ });
    expect(await unsubscribe.isChecked()).toBe(true);
    await unsubscribe.scrollIntoViewIfNeeded();
    await screenshot(page, 'import-opted-out-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await unsubscribe.scrollIntoViewIfNeeded();
    await screenshot(page, 'import-opted-out-phone');
    await page.setViewportSize({ width: 1366, height: 768 });
    expect(await axeViolations(page)).toEqual([]);
    const counts = await finishImport(page);
    expect(counts).toMatchObject({ rows: '2', added: '1' });
    expect(await page.getByTestId('import-count-optedOut').locator('dd').textContent()).toBe('1');
  });

  it('imports a Mailchimp export, names composed, and its refused rows again once fixed', async () => {
    const listUrl = await createList(page, `Mailchimp ${suffix}`);
    await page.goto(`${listUrl}/import`);
    await toColumns(page, 'members_export.csv', mailchimp());
    await page.getByText(/die wordt samengesteld uit voornaam, tussenvoegsel en achternaam/).waitFor();
    expect(await page.getByRole('combobox', { name: /Kolom 2: First Name/ }).textContent()).toBe('Voornaam');
    await screenshot(page, 'list-import-formats-columns');
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(await finishImport(page)).toMatchObject({ rows: '3', added: '2', refused: '1' });

    const refused = await downloadText(page, 'Geweigerde rijen downloaden');
    expect(refused.split(/\r?\n/)[0]).toBe(
      '\uFEFFEmail Address;First Name;Last Name;Address;Phone Number;MEMBER_RATING;OPTIN_TIME;LEID;EUID;TAGS;Reden',
    );
    const fixed = Buffer.from(refused.replace('piet.bakker@@', 'piet.bakker@'));
    await page.getByRole('button', { name: 'Nog een bestand importeren' }).click();
    await toColumns(page, 'geweigerde rijen.csv', fixed);
    expect(await page.getByRole('combobox', { name: /Kolom 1: Email Address/ }).textContent()).toBe(
      'E-mailadres',
    );
    expect(await finishImport(page)).toMatchObject({ rows: '1', added: '1', refused: '0' });
    // No name at all: the address before the @.
    await namesOnList(page, listUrl, ['Jan Jansen', `info.${suffix}`, 'Piet Bakker']);
    await page.getByText('3 ontvangers').first().waitFor();
  });

  it("imports a Laposta export: 'Jan van der Berg', and Wijk to the list's label", async () => {
    const listUrl = await createList(page, `Laposta ${suffix}`, ['Wijk']);
    expect(await importFile(page, listUrl, 'laposta.csv', laposta())).toMatchObject({
      rows: '2',
      added: '2',
    });
    await namesOnList(page, listUrl, ['Jan van der Berg', 'Els de Wit']);
  });

  it("imports a listmonk export: its JSON attributes fill the list's labels", async () => {
    const listUrl = await createList(page, `listmonk ${suffix}`, ['Wijk']);
    await page.goto(`${listUrl}/import`);
    await toColumns(page, 'subscribers.csv', listmonk());
    // 'wijk' fills the list's label; 'city' is no label yet and becomes one.
    await page.getByText('Vult de labels: Wijk, City.').waitFor();
    expect(await finishImport(page)).toMatchObject({ rows: '2', added: '2' });
    await namesOnList(page, listUrl, ['Anne de Boer', 'Bas Visser']);
    const csv = await downloadText(page, 'Exporteren');
    expect(csv.split(/\r?\n/).find((line) => line.includes(address('anne')))).toMatch(
      // The labels, then the consent the import recorded for the person.
      /;Noord;Zuiderveen;Import [0-9a-f-]{36}, \d{4}-\d\d-\d\d \d\d:\d\d$/,
    );
  });

  it('imports Dutch Excel CSV in UTF-8 with a BOM and in Windows-1252', async () => {
    const listUrl = await createList(page, `Excel ${suffix}`);
    expect(
      await importFile(page, listUrl, 'leden-utf8.csv', Buffer.from(`\uFEFF${excelText('utf8')}`)),
    ).toMatchObject({ rows: '2', added: '2' });
    expect(
      await importFile(page, listUrl, 'leden-1252.csv', Buffer.from(excelText('ansi'), 'latin1')),
    ).toMatchObject({ rows: '2', added: '2' });
    await namesOnList(page, listUrl, ['René Brouwer', 'Zoë de Vries']);
    await page.getByText('4 ontvangers').first().waitFor();
  });

  it('stops a file with a header only at the first step', async () => {
    const listUrl = await createList(page, `Leeg ${suffix}`);
    await page.goto(`${listUrl}/import`);
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'leeg.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('"Email Address","First Name","Last Name"\n'),
    });
    await page.getByText('Het bestand heeft alleen een kopregel: er staan geen ontvangers in.').waitFor();
    expect(await page.getByRole('button', { name: 'Volgende' }).isDisabled()).toBe(true);
  });
});

describe('a new label from a column, on a phone (390x844)', () => {
  it("makes the column 'Wijk' a label of the list as the import starts", async () => {
    const phone = await newPhoneContext(browser);
    try {
      const page = await phone.newPage();
      await signInWithRedirect(page, baseUrl, ANNE);
      const listUrl = await createList(page, `Nieuw label ${suffix}`);
      await page.goto(`${listUrl}/import`);
      await toColumns(page, 'laposta.csv', laposta());
      const wijk = page.getByRole('combobox', { name: /Kolom 6: Wijk/ });
      expect(await wijk.textContent()).toBe('Niet importeren');
      await wijk.click();
      await page.getByRole('option', { name: 'Nieuw label: Wijk' }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page.getByText('Bij het starten krijgt de lijst deze nieuwe labels: Wijk.').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
      await page
        .getByText('Bij het starten krijgt de lijst deze nieuwe labels: Wijk.')
        .scrollIntoViewIfNeeded();
      await screenshot(page, 'list-import-formats-new-label-phone');
      expect(await axeViolations(page, 'main')).toEqual([]);
      expect(await finishImport(page)).toMatchObject({ rows: '2', added: '2' });
      await page.goto(listUrl);
      const csv = await downloadText(page, 'Exporteren');
      const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
      expect(lines[0].split(';').slice(-2)).toEqual(['Wijk', 'Toestemming']);
      expect(lines.find((line) => line.includes(address('jan.berg')))).toMatch(
        /^Jan van der Berg;.*;Noord;Import [0-9a-f-]{36}, /,
      );
    } finally {
      await phone.close();
    }
  });
});
