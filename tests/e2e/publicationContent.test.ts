import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PublicationBlock, PublicationType } from '../../server/src/contract/publications';
import { axeViolations } from './support/axe';
import {
  PHONE,
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  newPhoneContext,
  screenshot,
} from './support/browser';
import { ANNE, signIn, signInWithRedirect, waitForConsole } from './support/signIn';
import { apiAsBrowser as api } from './support/browserApi';

const baseUrl = sharedServerUrl();

/** A new publication of Zuiderveen's 'Nieuwsbrief' type, so each scenario has its own blocks. */
async function newPublication(page: Page, name: string): Promise<{ id: string; typeId: string }> {
  const types = await api<PublicationType[]>(page, 'GET', '/publicationtypes/');
  const typeId = types.find((type) => type.name === 'Nieuwsbrief')?.id;
  if (!typeId) throw new Error("No publication type 'Nieuwsbrief'");
  const id = await api<string>(page, 'POST', '/publications/', { name, publicationTypeId: typeId });
  return { id, typeId };
}

async function blocksOf(page: Page, publicationId: string): Promise<PublicationBlock[]> {
  return (await api<{ data: PublicationBlock[] }>(page, 'GET', `/publications/${publicationId}/blocks`)).data;
}

const saveStatus = (page: Page) => page.getByTestId('block-save-status');
const previewFrame = (page: Page) => page.frameLocator('[data-testid="publication-preview-frame"]');
const unique = () => Date.now().toString(36);

describe('publication content: block editor and live preview', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await workerBrowser();
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
  });
  afterAll(async () => {
    await context?.close();
    await releaseBrowser(browser);
  });

  it("writes an 'Artikel' with a title, rich text with a link and a picked image, and previews it at desktop and phone width", async () => {
    const title = `Bibliotheek open ${unique()}`;
    const { id } = await newPublication(page, `Inhoud e2e ${unique()}`);
    await page.goto(`${baseUrl}/publications/${id}`);

    await page.getByRole('button', { name: 'Blok toevoegen', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Blok toevoegen' });
    await panel.getByRole('radio', { name: 'Artikel' }).check();
    await panel.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    await panel.waitFor({ state: 'detached' });

    // The new block opens its editor by itself.
    await page.getByRole('textbox', { name: 'Titel' }).fill(title);
    await expect.poll(() => saveStatus(page).textContent(), { timeout: 15_000 }).toBe('Opgeslagen');

    const text = page.getByRole('textbox', { name: 'Tekst', exact: true });
    await text.click();
    await page.keyboard.type('De vernieuwde bibliotheek is open. Lees ');
    await page.keyboard.type('hier');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Vet' }).click();
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page
      .getByRole('textbox', { name: 'Adres van de link' })
      .fill('https://www.zuiderveen.nl/bibliotheek');
    await page.getByRole('button', { name: 'Toepassen' }).click();
    await expect
      .poll(() => text.locator('a').getAttribute('href'))
      .toBe('https://www.zuiderveen.nl/bibliotheek');

    await page.getByRole('button', { name: 'Afbeelding kiezen' }).click();
    const picker = page.getByRole('dialog', { name: 'Selecteer een bestand' });
    await picker.getByRole('button', { name: "Map Foto's openen" }).click();
    await picker.getByRole('button', { name: /^marktplein, .+ kiezen$/ }).click();
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('chosen-image-name').textContent()).toBe('marktplein.jpg');
    // Every image says what it shows (or is marked decorative): the editor asks before saving.
    const alt = page.getByRole('textbox', { name: 'Alternatieve tekst' });
    await expect.poll(() => alt.getAttribute('aria-invalid')).toBe('true');
    await alt.fill('Het nieuwe marktplein');

    await expect.poll(() => saveStatus(page).textContent(), { timeout: 15_000 }).toBe('Opgeslagen');
    const [saved] = await blocksOf(page, id);
    expect(saved.content).toMatchObject({
      title,
      text: '<p>De vernieuwde bibliotheek is open. Lees <a href="https://www.zuiderveen.nl/bibliotheek"><strong>hier</strong></a></p>',
      image: { alt: 'Het nieuwe marktplein' },
    });

    // The preview renders the saved block through the first template, 600 px wide.
    const frame = page.getByTestId('publication-preview-frame');
    await previewFrame(page).getByText(title).waitFor({ timeout: 15_000 });
    expect(await frame.getAttribute('sandbox')).toBe('allow-same-origin');
    // The mail is laid out 600 px wide (shown smaller where the column is narrower).
    expect(await frame.evaluate((element) => (element as HTMLElement).offsetWidth)).toBe(600);
    await expect
      .poll(() => previewFrame(page).getByRole('link', { name: 'hier' }).getAttribute('href'))
      .toBe('https://www.zuiderveen.nl/bibliotheek');
    expect(await previewFrame(page).locator('img[alt="Het nieuwe marktplein"]').getAttribute('src')).toMatch(
      /^https:\/\/.+\/cdn\/.+\.jpg/,
    );
    await screenshot(page, 'publication-content-desktop');
    // The page's own content; the shell around it is the layout's concern.
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.getByRole('button', { name: 'Telefoon' }).click();
    await expect.poll(() => frame.evaluate((element) => (element as HTMLElement).offsetWidth)).toBe(375);
    await previewFrame(page).getByText(title).waitFor();

    await page.getByRole('button', { name: 'Platte tekst' }).click();
    await expect.poll(() => page.getByTestId('preview-text').textContent()).toContain(title);
    expect(await page.getByTestId('preview-text').textContent()).toContain(
      'https://www.zuiderveen.nl/bibliotheek',
    );

    // On a phone the editor and the preview are two tabs.
    const phone = await newPhoneContext(browser);
    try {
      const phonePage = await phone.newPage();
      await signInWithRedirect(phonePage, baseUrl, ANNE);
      await phonePage.goto(`${baseUrl}/publications/${id}`);
      await phonePage.getByTestId('publication-block').getByRole('button').first().click();
      await phonePage.getByRole('textbox', { name: 'Titel' }).waitFor();
      expect(await phonePage.getByRole('textbox', { name: 'Titel' }).inputValue()).toBe(title);
      await screenshot(phonePage, 'publication-content-phone-editor');
      expect(await axeViolations(phonePage, 'main')).toEqual([]);

      await phonePage.getByRole('tab', { name: 'Voorbeeld' }).click();
      await phonePage.getByRole('button', { name: 'Telefoon' }).click();
      await previewFrame(phonePage).getByText(title).waitFor({ timeout: 15_000 });
      const width = await phonePage
        .getByTestId('publication-preview-frame')
        .evaluate((element) => element.getBoundingClientRect().width);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      await screenshot(phonePage, 'publication-content-phone-preview');
      expect(await axeViolations(phonePage, 'main')).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('tells the first tab when a second tab saved the same block, keeps its text and lets it save over', async () => {
    const { id, typeId } = await newPublication(page, `Conflict e2e ${unique()}`);
    const block = await api<PublicationBlock>(
      page,
      'POST',
      `/publications/${id}/type/${typeId}/artikel/dynamic`,
    );
    await api(page, 'PUT', `/publications/${id}/blocks/${block.id}`, {
      content: { title: 'Begin' },
      version: block.version,
    });
    const openBlock = async (tab: Page) => {
      await tab.goto(`${baseUrl}/publications/${id}`);
      await tab.getByTestId('publication-block').getByRole('button').first().click();
      const title = tab.getByRole('textbox', { name: 'Titel' });
      await expect.poll(() => title.inputValue()).toBe('Begin');
      return title;
    };

    const first = await openBlock(page);
    // A second tab of the same browser: signed in silently from the browser's shared sign-in.
    const second = await context.newPage();
    try {
      await second.goto(`${baseUrl}/`);
      await waitForConsole(second);
      const secondTitle = await openBlock(second);
      await secondTitle.fill('Titel van de tweede tab');
      await expect.poll(() => saveStatus(second).textContent(), { timeout: 15_000 }).toBe('Opgeslagen');

      await first.fill('Titel van de eerste tab');
      const conflict = page.getByTestId('block-conflict');
      await conflict.waitFor({ timeout: 15_000 });
      expect(await conflict.textContent()).toContain('Iemand anders heeft dit blok intussen gewijzigd');
      expect(await first.inputValue()).toBe('Titel van de eerste tab');
      expect((await blocksOf(page, id))[0].content.title).toBe('Titel van de tweede tab');
      await screenshot(page, 'publication-content-conflict');

      await conflict.getByRole('button', { name: 'Mijn versie opslaan' }).click();
      await expect.poll(() => saveStatus(page).textContent(), { timeout: 15_000 }).toBe('Opgeslagen');
      expect((await blocksOf(page, id))[0].content.title).toBe('Titel van de eerste tab');
    } finally {
      await second.close();
    }
  });

  it("shows the preview as one recipient gets it ('Bekijken als'), and says so for an unknown address", async () => {
    const name = `Bekijken als ${unique()}`;
    const { id } = await newPublication(page, name);
    await api(page, 'PUT', `/publications/${id}`, {
      name,
      subject: 'Nieuws voor {{firstName|jou}}',
      isNotMarketing: false,
      isPublic: false,
    });
    const list = await api<{ id: string }>(page, 'POST', `/list/manual?title=${encodeURIComponent(name)}`);
    const address = `fatima.${unique()}@voorbeeld.nl`;
    await api(page, 'POST', `/list/manual/${list.id}/subscriber`, {
      name: 'Fatima Yilmaz',
      email: address,
      firstName: 'Fatima',
    });
    await page.goto(`${baseUrl}/publications/${id}`);
    await page.getByText('Nieuws voor jou').waitFor();
    const showAs = page.getByRole('textbox', { name: 'Bekijken als' });
    await showAs.fill(address);
    await showAs.press('Enter');
    await page.getByText('Nieuws voor Fatima').waitFor();

    await showAs.fill('niemand@voorbeeld.nl');
    await showAs.press('Enter');
    await page
      .getByText('Er staat geen ontvanger met dit e-mailadres in de lijsten van deze omgeving.')
      .waitFor();
    expect(await page.getByText('Nieuws voor Fatima').count()).toBe(1);
    await screenshot(page, 'publication-preview-recipient-refused-desktop');
    expect(await axeViolations(page, 'main')).toEqual([]);

    await showAs.fill('');
    await showAs.press('Enter');
    await page.getByText('Nieuws voor jou').waitFor();
  });

  it('opens the web version of a public publication; a non-public one has no link', async () => {
    const { id } = await newPublication(page, `Niet openbaar e2e ${unique()}`);
    await page.goto(`${baseUrl}/publications/${id}`);
    await page.getByRole('heading', { name: 'Voorbeeld' }).waitFor();
    expect(await page.getByRole('link', { name: 'Webversie openen' }).count()).toBe(0);

    const publications = await api<{ data: Array<{ id: string; name: string }> }>(
      page,
      'GET',
      '/publications/?search=Nieuwsbrief%20januari%202025',
    );
    const january = publications.data.find((publication) => publication.name === 'Nieuwsbrief januari 2025');
    if (!january) throw new Error("No seeded 'Nieuwsbrief januari 2025'");
    await page.goto(`${baseUrl}/publications/${january.id}`);
    const [webVersion] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Webversie openen' }).click(),
    ]);
    try {
      await webVersion.waitForLoadState('domcontentloaded');
      expect(new URL(webVersion.url()).pathname).toMatch(new RegExp(`^/p/[0-9a-f-]{36}/${january.id}$`));
      await webVersion.getByText('Het marktplein is klaar').waitFor();
    } finally {
      await webVersion.close();
    }
  });
});
