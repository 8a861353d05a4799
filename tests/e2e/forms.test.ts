import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { releaseBrowser, workerBrowser, newDesktopContext } from './support/browser';
import { signIn } from './support/signIn';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** The slide-over panel with this title. */
const panel = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** Adds a row through a table's create panel: fills the labelled inputs, then 'Toevoegen'. */
async function addThrough(page: Page, button: string, values: Record<string, string>, choice?: string) {
  // In the toolbar, or in the empty state while the table has no rows.
  await page.getByRole('button', { name: button }).click();
  const form = panel(page, button);
  for (const [label, value] of Object.entries(values))
    await form.getByLabel(new RegExp(`^${label}`)).fill(value);
  if (choice) await form.getByLabel(choice, { exact: true }).check();
  await form.getByRole('button', { name: 'Toevoegen' }).click();
  await form.waitFor({ state: 'detached' });
}

describe('forms (flows) from the console to the public page and back', () => {
  let context: BrowserContext;
  let page: Page;
  const formName = `Buurtfeest ${Date.now().toString(36)}`;
  let formUrl = '';
  let publicUrl = '';

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("creates a form through 'Nieuw formulier' after the empty name is refused, and lands on its page", async () => {
    await page.goto(`${baseUrl}/forms`);
    await page.getByRole('button', { name: 'Nieuw formulier' }).first().click();
    const form = panel(page, 'Nieuw formulier');
    await form.getByRole('button', { name: 'Toevoegen' }).click();
    await form.getByText('Naam is een verplicht veld').waitFor();
    await form.getByLabel(/^Naam/).fill(formName);
    await form.getByLabel(/^Titel/).fill('Kom je naar het buurtfeest?');
    await form.getByRole('button', { name: 'Toevoegen' }).click();
    await page.getByRole('heading', { name: formName, level: 2 }).waitFor();
    formUrl = page.url();
    expect(formUrl).toMatch(/\/forms\/[0-9a-f-]{36}$/);
    publicUrl = (await page.getByRole('link', { name: /\/f\// }).getAttribute('href')) ?? '';
    expect(publicUrl).toContain('/f/');
  });

  it("adds a single-choice and a text question, and the options 'Ja' (2 places) and 'Nee' (onbeperkt)", async () => {
    await addThrough(page, 'Nieuwe vraag', { Vraag: 'Kom je?' });
    await addThrough(page, 'Nieuwe vraag', { Vraag: 'Wat neem je mee?' }, 'Tekst');
    await page.getByRole('cell', { name: 'Wat neem je mee?', exact: true }).waitFor();

    await page.getByRole('cell', { name: 'Kom je?', exact: true }).click();
    await page.getByRole('heading', { name: 'Kom je?', level: 2 }).waitFor();
    expect(page.url()).toMatch(new RegExp(`${formUrl.split('/').pop()}/[0-9a-f-]{36}$`));
    await addThrough(page, 'Nieuwe optie', { Optie: 'Ja', 'Maximum aantal antwoorden': '2' });
    await addThrough(page, 'Nieuwe optie', { Optie: 'Nee' });
    const nee = page.getByRole('row').filter({ hasText: 'Nee' });
    // The row appears when the table has reloaded after the save.
    await expect.poll(() => nee.getByRole('cell', { name: 'onbeperkt' }).count()).toBe(2);
    await page.getByRole('link', { name: 'Terug naar het formulier' }).click();
    await page.waitForURL(formUrl);
  });

  it("takes two 'Ja' answers on the public page and refuses the third: the option is full", async () => {
    const visitor = await browser.newContext({ ignoreHTTPSErrors: true });
    const answer = async (tab: Page) => {
      await tab.getByLabel(/^Ja/).check();
      await tab.getByLabel('Wat neem je mee?').fill('Taart');
      await tab.getByRole('button', { name: 'Versturen' }).click();
    };
    const first = await visitor.newPage();
    await first.goto(publicUrl);
    await answer(first);
    await first.getByRole('heading', { name: 'Bedankt!' }).waitFor();

    // Two visitors open the page while one place is left; both choose 'Ja'.
    const second = await visitor.newPage();
    const third = await visitor.newPage();
    await second.goto(publicUrl);
    await third.goto(publicUrl);
    await answer(second);
    await second.getByRole('heading', { name: 'Bedankt!' }).waitFor();
    await answer(third);
    await third.getByText('Deze keuze is vol.').first().waitFor();

    await third.goto(publicUrl);
    expect(await third.getByLabel(/^Ja/).isDisabled()).toBe(true);
    await visitor.close();
  });

  it('shows the counts and the answers on /forms/{id}/data, and downloads them as CSV', async () => {
    await page.goto(`${formUrl}/data`);
    await page.getByRole('heading', { name: `Antwoorden op ${formName}` }).waitFor();
    const ja = page.getByRole('row').filter({ hasText: /^Kom je\?Ja/ });
    await ja.waitFor();
    expect(await ja.getByRole('cell').allTextContents()).toEqual(['Kom je?', 'Ja', '2', '2', '0']);
    const submissions = page.getByRole('table', { name: 'Inzendingen' });
    expect(await submissions.getByRole('row').count()).toBe(3);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV downloaden' }).click(),
    ]);
    expect(new URL(download.url()).pathname).toMatch(/\/submissions\/csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('Kom je?');
    expect(csv.split(/\r?\n/).filter((line) => line.includes('Taart'))).toHaveLength(2);
  });
});
