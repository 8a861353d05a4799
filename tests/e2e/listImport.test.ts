import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import {
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  newPhoneContext,
  screenshot,
} from './support/browser';
import { ANNE, signIn, signInWithRedirect } from './support/signIn';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** Rows of generated members after the four written ones: enough batches to watch the progress. */
const generatedRows = 10_000;

/**
 * What Dutch Excel writes: Windows-1252 (é and ë as one byte each), semicolons, CRLF. One bad address,
 * one globally unsubscribed address, a 'Buurt' column the server cannot match (mapped by hand to the
 * list's label 'Wijk'), and generated members.
 */
function excelCsv(suffix: string): Buffer {
  const lines = [
    'Naam;E-mailadres;Woonplaats;Buurt',
    `René Brouwer;rene.${suffix}@example.nl;Zuiderveen;Centrum`,
    `Zoë de Vries;zoe.${suffix}@example.nl;Amsterdam;Noord`,
    'Kapot Adres;geen-adres;Utrecht;West',
    `Uit Geschreven;uit.${suffix}@example.nl;Zwolle;Zuid`,
    ...Array.from(
      { length: generatedRows },
      (_, index) => `Lid ${index};lid.${index}.${suffix}@example.nl;Zuiderveen;Oost`,
    ),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

async function downloadText(page: Page, button: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  // The browser fetched the file itself from the server (a ticketed link), not from a Blob in the page.
  expect(new URL(download.url()).searchParams.get('ticket')).toMatch(/^v1\./);
  return readFile((await download.path())!, 'utf8');
}

describe('list import and export (1366x768)', () => {
  let context: BrowserContext;
  let page: Page;
  const suffix = Date.now().toString(36);
  const listTitle = `Leden import ${suffix}`;

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('imports a Windows-1252 CSV with a column mapped to a label, shows its progress and its result', async () => {
    // The unsubscriber first: the import must skip this address.
    await page.goto(`${baseUrl}/recievers/unsubscribers/`);
    await page.getByRole('button', { name: 'Nieuwe uitschrijver' }).click();
    const unsubscribe = page.getByRole('dialog', { name: 'Nieuwe uitschrijver' });
    await unsubscribe.getByLabel(/E-mailadres/).fill(`UIT.${suffix}@example.nl`);
    await unsubscribe.getByRole('button', { name: 'Toevoegen' }).click();
    await unsubscribe.waitFor({ state: 'detached' });

    // A list with the label 'Wijk'.
    await page.goto(`${baseUrl}/recievers/lists/`);
    await page.getByRole('button', { name: 'Nieuwe Lijst' }).click();
    const create = page.getByRole('dialog', { name: 'Nieuwe Lijst' });
    await create.getByLabel(/Naam/).fill(listTitle);
    await create.getByRole('button', { name: 'Toevoegen' }).click();
    await create.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: listTitle }).click();
    await page.getByRole('heading', { name: listTitle, level: 2 }).waitFor();
    const listUrl = page.url();
    await page.getByRole('button', { name: 'Labels aanpaasen' }).click();
    const labels = page.getByRole('dialog', { name: 'Labels aanpaasen' });
    await labels.getByLabel('Label 1').fill('Wijk');
    await labels.getByRole('button', { name: 'Opslaan' }).click();
    await labels.waitFor({ state: 'detached' });

    // 1. File.
    await page.getByRole('link', { name: 'Importeren' }).click();
    await page.getByRole('heading', { name: `Importeren in ${listTitle}`, level: 2 }).waitFor();
    const next = page.getByRole('button', { name: 'Volgende' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'leden.csv',
      mimeType: 'text/csv',
      buffer: excelCsv(suffix),
    });
    await page.getByText('Gelezen als Windows-1252, kolommen gescheiden door puntkomma (;).').waitFor();
    await screenshot(page, 'list-import-file');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await next.click();

    // 2. Mode.
    await page.getByRole('radio', { name: /Nieuwe toevoegen en bestaande bijwerken/ }).check();
    await next.click();

    // 3. Columns: Naam, E-mailadres and Woonplaats are recognised; Buurt goes to the label by hand.
    await page.getByRole('cell', { name: 'Zoë de Vries' }).waitFor();
    const buurt = page.getByRole('combobox', { name: /Kolom 4: Buurt/ });
    expect(await buurt.textContent()).toBe('Niet importeren');
    expect(await page.getByRole('combobox', { name: /Kolom 2: E-mailadres/ }).textContent()).toBe(
      'E-mailadres',
    );
    expect(await page.getByRole('combobox', { name: /Kolom 3: Woonplaats/ }).textContent()).toBe(
      'Woonplaats',
    );
    // Without a name column the name comes from the address; without an address column there is no going on.
    await page.getByRole('combobox', { name: /Kolom 1: Naam/ }).click();
    await page.getByRole('option', { name: 'Niet importeren' }).click();
    await page.getByText(/Er is geen kolom voor de naam: die wordt het deel van het e-mailadres/).waitFor();
    expect(await next.isDisabled()).toBe(false);
    await page.getByRole('combobox', { name: /Kolom 1: Naam/ }).click();
    await page.getByRole('option', { name: 'Naam', exact: true }).click();
    const address = page.getByRole('combobox', { name: /Kolom 2: E-mailadres/ });
    await address.click();
    await page.getByRole('option', { name: 'Niet importeren' }).click();
    await page.getByText('Koppel nog een kolom aan: E-mailadres.').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await address.click();
    await page.getByRole('option', { name: 'E-mailadres', exact: true }).click();
    await buurt.click();
    await page.getByRole('option', { name: 'Wijk' }).click();
    expect(await buurt.textContent()).toBe('Wijk');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await screenshot(page, 'list-import-columns');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await next.click();

    // 4. Consent is required.
    await page.getByRole('button', { name: 'Importeren starten' }).click();
    await page.getByText('Bevestig de toestemming om te kunnen importeren.').waitFor();
    await page.getByRole('checkbox', { name: /toestemming hebben gegeven/ }).check();
    await screenshot(page, 'list-import-consent');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'Importeren starten' }).click();

    // 5. Progress, also after leaving the page and coming back.
    await page.getByTestId('import-progress').waitFor();
    await page.getByText(/van ongeveer [\d.]+ rijen/).waitFor();
    await page.getByText(/rijen per seconde/).waitFor();
    await screenshot(page, 'list-import-progress');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.goto(listUrl);
    await page.getByRole('heading', { name: listTitle, level: 2 }).waitFor();
    await page.goto(`${listUrl}/import`);
    await page.getByTestId('import-progress').or(page.getByTestId('import-result')).waitFor();

    // The result.
    await page.getByText('De import is klaar').waitFor({ timeout: 120_000 });
    const count = async (key: string) =>
      (await page.getByTestId(`import-count-${key}`).locator('dd').textContent())?.replace(/\./g, '');
    expect(await count('rows')).toBe(String(generatedRows + 4));
    expect(await count('added')).toBe(String(generatedRows + 2));
    expect(await count('skippedUnsubscribed')).toBe('1');
    expect(await count('refused')).toBe('1');
    const refusedRow = page.getByRole('row').filter({ hasText: 'ongeldig e-mailadres' });
    expect(await refusedRow.getByRole('cell').first().textContent()).toBe('4');
    await screenshot(page, 'list-import-result');
    expect(await axeViolations(page, 'main')).toEqual([]);

    const refused = await downloadText(page, 'Geweigerde rijen downloaden');
    // The file's own header plus 'Reden', so the fixed rows import again as they are.
    expect(refused).toContain('Naam;E-mailadres;Woonplaats;Buurt;Reden');
    expect(refused).toContain('Kapot Adres;geen-adres;Utrecht;West;ongeldig e-mailadres');

    // The list page shows the new count, and its export holds the imported rows under the label.
    await page.getByRole('link', { name: 'Naar de lijst' }).click();
    // Thousands in Dutch notation ('10.002 ontvangers'), whatever the browser's language.
    await page
      .getByText(`${(generatedRows + 2).toLocaleString('nl-NL')} ontvangers`)
      .first()
      .waitFor();
    const csv = await downloadText(page, 'Exporteren');
    const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toContain('Wijk');
    expect(lines.find((line) => line.includes(`rene.${suffix}@example.nl`))).toMatch(/René Brouwer.*Centrum/);
    expect(lines.find((line) => line.includes(`zoe.${suffix}@example.nl`))).toMatch(/Zoë de Vries.*Noord/);
    expect(csv).not.toContain(`uit.${suffix}@example.nl`);
    expect(lines.filter((line) => line.includes(`.${suffix}@example.nl`))).toHaveLength(generatedRows + 2);
  });

  it("fits the wizard's columns on a phone (390x844)", async () => {
    const phone = await newPhoneContext(browser);
    try {
      const small = await phone.newPage();
      await signInWithRedirect(small, baseUrl, ANNE);
      // A seeded list: this test does not depend on the one above.
      await small.goto(`${baseUrl}/recievers/lists/`);
      await small.getByText('Ondernemers Zuiderveen').click();
      await small.getByRole('link', { name: 'Importeren' }).click();
      const again = small.getByRole('button', { name: 'Nog een bestand importeren' });
      // On a phone there is nothing to drag: the area says to tap.
      const drop = small.getByText('Tik om een CSV-bestand te kiezen');
      await again.or(drop).waitFor();
      if (await again.isVisible()) await again.click();
      await drop.waitFor();
      await small.getByTestId('import-file-input').setInputFiles({
        name: 'leden.csv',
        mimeType: 'text/csv',
        buffer: excelCsv(`${suffix}b`).subarray(0, 400),
      });
      await small.getByText(/Gelezen als Windows-1252/).waitFor();
      await small.getByRole('button', { name: 'Volgende' }).click();
      await small.getByRole('button', { name: 'Volgende' }).click();
      await small.getByRole('combobox', { name: /Kolom 4: Buurt/ }).scrollIntoViewIfNeeded();
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(small, 'list-import-columns-phone');
      expect(await axeViolations(small, 'main')).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
