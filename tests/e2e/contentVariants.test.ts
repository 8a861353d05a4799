import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PublicationBlock,
  PublicationType,
  PublicationVariant,
} from '../../server/src/contract/publications';
import { axeViolations } from './support/axe';
import { apiAsBrowser as api } from './support/browserApi';
import {
  newDesktopContext,
  newPhoneContext,
  releaseBrowser,
  screenshot,
  workerBrowser,
} from './support/browser';
import { sharedServerUrl } from './support/sharedServer';
import { ANNE, signIn, signInWithRedirect } from './support/signIn';

// Content variants of an A/B test of content: on the publication page 'Variant toevoegen' makes variant
// B, a copy of the blocks; its block is edited with the same editor, and the preview shows the variant
// chosen (B the edited title, A the publication's own). The deliver form's test of content points there.

const baseUrl = sharedServerUrl();
const saveStatus = (page: Page) => page.getByTestId('block-save-status');
const previewFrame = (page: Page) => page.frameLocator('[data-testid="publication-preview-frame"]');
const unique = () => Date.now().toString(36);

/** A new 'Nieuwsbrief' with one 'Artikel' titled `title`. */
async function newPublication(page: Page, title: string): Promise<string> {
  const types = await api<PublicationType[]>(page, 'GET', '/publicationtypes/');
  const typeId = types.find((type) => type.name === 'Nieuwsbrief')!.id;
  const id = await api<string>(page, 'POST', '/publications/', {
    name: `Inhoudsvarianten ${unique()}`,
    publicationTypeId: typeId,
  });
  const block = await api<PublicationBlock>(
    page,
    'POST',
    `/publications/${id}/type/${typeId}/artikel/dynamic`,
  );
  await api(page, 'PUT', `/publications/${id}/blocks/${block.id}`, {
    content: { title, text: '<p>De bibliotheek is vanaf maandag open.</p>' },
    version: block.version,
  });
  return id;
}

describe('content variants: edit a copy of the blocks, preview each variant', () => {
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

  it('adds variant B, edits its title in the block editor and previews A and B each with their own', async () => {
    const titleA = `De bibliotheek gaat open ${unique()}`;
    const titleB = `Kom naar de opening ${unique()}`;
    const id = await newPublication(page, titleA);
    await page.goto(`${baseUrl}/publications/${id}`);
    await previewFrame(page).getByText(titleA).waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Variant toevoegen' }).click();
    await page.getByRole('heading', { name: 'Blokken van variant B (1)' }).waitFor();
    await page.getByRole('heading', { name: 'Voorbeeld van variant B' }).waitFor();
    expect(await page.getByRole('button', { name: 'B', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // A copy: no adding, moving or removing of blocks, only their content.
    expect(await page.getByRole('button', { name: 'Blok toevoegen', exact: true }).count()).toBe(0);

    await page.getByTestId('publication-block').getByRole('button').first().click();
    const title = page.getByRole('textbox', { name: 'Titel' });
    expect(await title.inputValue()).toBe(titleA);
    await title.fill(titleB);
    await expect.poll(() => saveStatus(page).textContent(), { timeout: 15_000 }).toBe('Opgeslagen');
    await previewFrame(page).getByText(titleB).waitFor({ timeout: 15_000 });
    expect(await previewFrame(page).getByText(titleA).count()).toBe(0);
    await screenshot(page, 'content-variant-desktop');
    expect(await axeViolations(page, 'main')).toEqual([]);

    // The variant's copy changed, the publication's own blocks did not.
    const [variant] = await api<PublicationVariant[]>(page, 'GET', `/publications/${id}/variants`);
    expect(variant.blocks[0].content.title).toBe(titleB);
    const own = await api<{ data: PublicationBlock[] }>(page, 'GET', `/publications/${id}/blocks`);
    expect(own.data.map((block) => block.content.title)).toEqual([titleA]);

    await page.getByRole('button', { name: 'A (publicatie)' }).click();
    await page.getByRole('heading', { name: 'Voorbeeld', exact: true }).waitFor();
    await previewFrame(page).getByText(titleA).waitFor({ timeout: 15_000 });
    expect(await previewFrame(page).getByText(titleB).count()).toBe(0);

    // The deliver form's test of content names no values: the variants are the content's.
    await page.goto(`${baseUrl}/publications/${id}/deliver`);
    await page.getByRole('switch', { name: 'A/B-test' }).check();
    await page.getByRole('combobox', { name: 'Wat test je?' }).click();
    await page.getByRole('option', { name: 'Inhoud' }).click();
    // The menu is gone (faded out) before the form is looked at.
    await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
    const help = page.getByText('Variant A is de inhoud van de publicatie zelf.', { exact: false });
    await help.scrollIntoViewIfNeeded();
    expect(await page.getByRole('textbox', { name: /Variant A/ }).count()).toBe(0);
    await screenshot(page, 'content-variant-deliver-desktop');
    expect(await axeViolations(page)).toEqual([]);

    // On a phone the variant bar is above the two tabs: the preview tab shows the variant chosen.
    const phone = await newPhoneContext(browser);
    try {
      const phonePage = await phone.newPage();
      await signInWithRedirect(phonePage, baseUrl, ANNE);
      await phonePage.goto(`${baseUrl}/publications/${id}`);
      await phonePage.getByRole('button', { name: 'B', exact: true }).click();
      await phonePage.getByRole('heading', { name: 'Blokken van variant B (1)' }).waitFor();
      await screenshot(phonePage, 'content-variant-phone-editor');
      expect(await axeViolations(phonePage, 'main')).toEqual([]);
      await phonePage.getByRole('tab', { name: 'Voorbeeld' }).click();
      await previewFrame(phonePage).getByText(titleB).waitFor({ timeout: 15_000 });
      await screenshot(phonePage, 'content-variant-phone-preview');
      expect(await axeViolations(phonePage, 'main')).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
