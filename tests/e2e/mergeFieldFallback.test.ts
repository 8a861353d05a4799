import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PublicationType } from '../../server/src/contract/publications';
import { sharedServerUrl } from './support/sharedServer';
import {
  animationsSettled,
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  newPhoneContext,
  screenshot,
} from './support/browser';
import { ANNE, signIn, signInWithRedirect } from './support/signIn';
import { apiAsBrowser as api } from './support/browserApi';

// 'Beste , afgelopen week…': a merge field without a fallback leaves a gap for every recipient without
// that value. The picker offers a fallback, and the checks before sending count who would get the gap.

const baseUrl = sharedServerUrl();
const stamp = Date.now().toString(36);
const audienceName = `Voornamen ${stamp}`;
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** An audience over a new list: two residents with a first name, one without. */
async function audienceWithoutOneFirstName(page: Page): Promise<void> {
  const list = await api<{ id: string }>(
    page,
    'POST',
    `/list/manual?title=${encodeURIComponent(audienceName)}`,
  );
  for (const [email, firstName] of [
    [`anna.${stamp}@voorbeeld.nl`, 'Anna'],
    [`bert.${stamp}@voorbeeld.nl`, 'Bert'],
    [`geen.${stamp}@voorbeeld.nl`, null],
  ])
    await api(page, 'POST', `/list/manual/${list.id}/subscriber`, { name: email, email, firstName });
  const audienceId = await api<string>(page, 'POST', `/audience?name=${encodeURIComponent(audienceName)}`);
  await api(page, 'POST', `/audience/${audienceId}/lists/add?listId=${list.id}`);
}

async function newPublication(page: Page, name: string): Promise<string> {
  const types = await api<PublicationType[]>(page, 'GET', '/publicationtypes/');
  const typeId = types.find((type) => type.name === 'Nieuwsbrief')?.id;
  const id = await api<string>(page, 'POST', '/publications/', { name, publicationTypeId: typeId });
  // With a subject, so that the only warning is the one looked for.
  await api(page, 'PUT', `/publications/${id}`, {
    name,
    isNotMarketing: false,
    isPublic: false,
    subject: name,
  });
  return id;
}

async function openDeliverCheck(page: Page, name: string) {
  await page.getByRole('button', { name: 'Verspreiden', exact: true }).click();
  const panel = page.getByRole('dialog', { name: `${name} verspreiden` });
  await panel.getByRole('combobox', { name: /Sjabloon/ }).click();
  await page.getByRole('option', { name: 'Standaard', exact: true }).click();
  await panel.getByRole('combobox', { name: /Doelgroep/ }).click();
  await page.getByRole('option', { name: audienceName, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  return panel;
}

describe('merge fields: a fallback offered, and a gap counted before sending', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
    await audienceWithoutOneFirstName(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("warns that 1 of 3 recipients has no first name for 'Beste {{firstName}}', and not once the picker's fallback is used", async () => {
    const name = `Beste bewoner ${stamp}`;
    const id = await newPublication(page, name);
    await page.goto(`${baseUrl}/publications/${id}`);
    await page.getByRole('button', { name: 'Blok toevoegen', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Blok toevoegen' });
    await add.getByRole('radio', { name: 'Artikel' }).check();
    await add.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Titel' }).fill('Afgelopen week');
    const text = page.getByRole('textbox', { name: 'Tekst', exact: true });
    await text.click();
    await page.keyboard.type('Beste ');

    // Without a fallback, as before: the field emptied in the picker.
    await page.getByRole('button', { name: 'Samenvoegveld' }).click();
    await page.getByRole('menuitem', { name: 'Voornaam' }).click();
    const fallback = page.getByRole('textbox', { name: 'Tekst als een ontvanger geen voornaam heeft' });
    await expect.poll(() => fallback.inputValue()).toBe('inwoner');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await animationsSettled(page);
    await screenshot(page, 'merge-field-fallback-desktop');
    await fallback.fill('');
    await page.getByRole('button', { name: 'Voornaam invoegen' }).click();
    await expect.poll(() => text.innerText()).toContain('Beste {{firstName}}');
    await page.keyboard.type(', afgelopen week');
    await expect
      .poll(() => page.getByTestId('block-save-status').textContent(), { timeout: 15_000 })
      .toBe('Opgeslagen');

    let panel = await openDeliverCheck(page, name);
    const warning = panel.getByTestId('deliver-warnings').getByText(/Voornaam \(\{\{firstName\}\}\) is leeg/);
    await warning.waitFor();
    expect(await warning.innerText()).toContain(
      `is leeg voor 1 van de 3 ontvangers, bijvoorbeeld geen.${stamp}@voorbeeld.nl`,
    );
    await warning.scrollIntoViewIfNeeded();
    await screenshot(page, 'deliver-merge-field-empty-desktop');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Written again with the fallback the picker offers: the gap is closed and the warning gone.
    await text.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Beste ');
    await page.getByRole('button', { name: 'Samenvoegveld' }).click();
    await page.getByRole('menuitem', { name: 'Voornaam' }).click();
    await page.getByRole('button', { name: 'Voornaam invoegen' }).click();
    // Typed on once the field is in, as above: the caret follows the insert.
    await expect.poll(() => text.innerText()).toContain('Beste {{firstName|inwoner}}');
    await page.keyboard.type(', afgelopen week');
    await expect.poll(() => text.innerText()).toContain('Beste {{firstName|inwoner}}, afgelopen week');
    await expect
      .poll(() => page.getByTestId('block-save-status').textContent(), { timeout: 15_000 })
      .toBe('Opgeslagen');
    // The last answer stays shown while the check is asked again: wait for the new one, then count.
    panel = await openDeliverCheck(page, name);
    await panel.getByText('Geen bezwaren gevonden.').waitFor();
    expect(await panel.getByTestId('deliver-recipients').innerText()).toBe('3 ontvangers');
  });

  it('offers the fallback on a phone (390x844)', async () => {
    const phone = await newPhoneContext(browser);
    try {
      const phonePage = await phone.newPage();
      await signInWithRedirect(phonePage, baseUrl, ANNE);
      const id = await newPublication(phonePage, `Telefoon ${stamp}`);
      await phonePage.goto(`${baseUrl}/publications/${id}`);
      await phonePage.getByRole('button', { name: 'Blok toevoegen', exact: true }).click();
      const add = phonePage.getByRole('dialog', { name: 'Blok toevoegen' });
      await add.getByRole('radio', { name: 'Artikel' }).check();
      await add.getByRole('button', { name: 'Toevoegen', exact: true }).click();
      await add.waitFor({ state: 'detached' });
      await phonePage.getByRole('textbox', { name: 'Tekst', exact: true }).click();
      await phonePage.getByRole('button', { name: 'Samenvoegveld' }).click();
      await phonePage.getByRole('menuitem', { name: 'Voornaam' }).click();
      await phonePage.getByRole('textbox', { name: 'Tekst als een ontvanger geen voornaam heeft' }).waitFor();
      await phonePage.getByRole('menu').waitFor({ state: 'detached' });
      await animationsSettled(phonePage);
      await screenshot(phonePage, 'merge-field-fallback-phone');
    } finally {
      await phone.close();
    }
  });
});
