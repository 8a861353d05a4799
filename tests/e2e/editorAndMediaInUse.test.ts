import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PublicationBlock, PublicationType } from '../../server/src/contract/publications';
import { mediaIds, receiverIds } from '../../server/src/seed/ids';
import { axeViolations } from './support/axe';
import {
  PHONE,
  DESKTOP,
  animationsSettled,
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  screenshot,
} from './support/browser';
import { signIn } from './support/signIn';
import { apiAsBrowser as api } from './support/browserApi';

const baseUrl = sharedServerUrl();

const unique = () => Date.now().toString(36);

/** A new 'Nieuwsbrief' with the given blocks (group type and content), saved through the API. */
async function newsletterWith(
  page: Page,
  name: string,
  blocks: Array<{ type: string; content: Record<string, unknown> }>,
): Promise<{ id: string; type: PublicationType; blocks: PublicationBlock[] }> {
  const types = await api<PublicationType[]>(page, 'GET', '/publicationtypes/');
  const type = types.find((candidate) => candidate.name === 'Nieuwsbrief') as PublicationType;
  const typeId = type.id;
  const id = await api<string>(page, 'POST', '/publications/', { name, publicationTypeId: typeId });
  const saved: PublicationBlock[] = [];
  for (const { type: blockType, content } of blocks) {
    const block = await api<PublicationBlock>(
      page,
      'POST',
      `/publications/${id}/type/${typeId}/${blockType}/dynamic`,
    );
    saved.push(
      await api<PublicationBlock>(page, 'PUT', `/publications/${id}/blocks/${block.id}`, {
        content,
        version: block.version,
      }),
    );
  }
  return { id, type, blocks: saved };
}

async function blockTitles(page: Page, publicationId: string): Promise<string[]> {
  const { data } = await api<{ data: PublicationBlock[] }>(
    page,
    'GET',
    `/publications/${publicationId}/blocks`,
  );
  return data.map((block) => String(block.content.title));
}

describe('building a newsletter and media in use (desktop and phone)', () => {
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

  it('asks before leaving a refused block edit: staying keeps it marked, leaving on purpose goes', async () => {
    const { id } = await newsletterWith(page, `Vertrekken e2e ${unique()}`, [
      { type: 'artikel', content: { title: 'Afvalkalender 2025' } },
    ]);
    await page.goto(`${baseUrl}/publications/${id}`);
    await page.getByRole('button', { name: /Afvalkalender 2025/ }).click();
    const title = page.getByRole('textbox', { name: 'Titel' });
    await title.fill('');
    await expect
      .poll(() => page.getByTestId('block-save-status').textContent())
      .toBe('Niet opgeslagen: controleer de gemarkeerde velden.');

    await page.getByRole('link', { name: 'Alle publicaties' }).click();
    const question = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await question
      .getByText('Sommige van je wijzigingen zijn niet opgeslagen. Weet je zeker dat je ze wilt negeren?')
      .waitFor();
    await animationsSettled(page);
    await screenshot(page, 'unsaved-changes-question');
    await question.getByRole('button', { name: 'Blijven' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/publications/${id}`);
    expect(await title.inputValue()).toBe('');
    expect(await title.getAttribute('aria-invalid')).toBe('true');

    await page.getByRole('link', { name: 'Alle publicaties' }).click();
    await question.getByRole('button', { name: 'Wijzigingen negeren' }).click();
    await page.waitForURL(`${baseUrl}/publications/`);
    // Nothing refused was stored.
    expect(await blockTitles(page, id)).toEqual(['Afvalkalender 2025']);
  });

  it('drags a block to a new place with the keyboard and by pointer, and the order is saved', async () => {
    const { id } = await newsletterWith(page, `Slepen e2e ${unique()}`, [
      { type: 'artikel', content: { title: 'Eerste' } },
      { type: 'artikel', content: { title: 'Tweede' } },
      { type: 'artikel', content: { title: 'Derde' } },
    ]);
    await page.goto(`${baseUrl}/publications/${id}`);
    const handle = page.getByRole('button', { name: 'Blok 1 (Artikel) verplaatsen' });
    await handle.focus();
    // Each key waits for dnd-kit's announcement of the step before the next (its keyboard listener
    // attaches after the pick-up).
    const announced = (text: string) =>
      page.locator('[aria-live]').filter({ hasText: text }).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await announced('Blok 1 (Artikel) staat nu op plaats 1 van 3.');
    await page.keyboard.press('ArrowDown');
    await announced('Blok 1 (Artikel) staat nu op plaats 2 van 3.');
    await page.keyboard.press('ArrowDown');
    await announced('Blok 1 (Artikel) staat nu op plaats 3 van 3.');
    await page.keyboard.press('Space');
    await announced('Blok 1 (Artikel) is neergezet op plaats 3.');
    await expect
      .poll(() => blockTitles(page, id), { timeout: 15_000 })
      .toEqual(['Tweede', 'Derde', 'Eerste']);

    // By pointer: the third block's handle dragged above the first, once the list shows the saved order
    // and has stopped moving (the handles are measured where they rest).
    await expect.poll(() => page.getByTestId('publication-block').first().textContent()).toContain('Tweede');
    await animationsSettled(page);
    const from = await page.getByRole('button', { name: 'Blok 3 (Artikel) verplaatsen' }).boundingBox();
    const to = await page.getByRole('button', { name: 'Blok 1 (Artikel) verplaatsen' }).boundingBox();
    if (!from || !to) throw new Error('handles not laid out');
    const x = from.x + from.width / 2;
    await page.mouse.move(x, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(x, from.y + ((to.y - 10 - from.y) * step) / 10);
    }
    // Released once the block is announced at its new place, as a user lets go once it shows there.
    // dnd-kit measures the blocks when the drag starts; on a loaded machine the last move can come before
    // that, so the pointer stirs a pixel (as a hand does) until the place is known.
    const overFirst = page
      .locator('[aria-live]')
      .filter({ hasText: 'Blok 3 (Artikel) staat nu op plaats 1 van 3.' });
    let stir = 1;
    await expect
      .poll(
        async () => {
          stir = -stir;
          await page.mouse.move(x, to.y - 10 + stir);
          return overFirst.count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await page.mouse.up();
    await expect
      .poll(() => blockTitles(page, id), { timeout: 15_000 })
      .toEqual(['Eerste', 'Tweede', 'Derde']);

    await page.getByRole('button', { name: /Tweede/ }).click();
    await page.getByRole('textbox', { name: 'Titel' }).waitFor();
    await animationsSettled(page);
    await screenshot(page, 'block-list-desktop');
    expect(await axeViolations(page, 'main')).toEqual([]);

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Blok 1 (Artikel) verplaatsen' }).waitFor();
    await animationsSettled(page);
    await screenshot(page, 'block-list-phone');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.setViewportSize(DESKTOP);
  });

  it('refuses to delete an image a sent newsletter shows, with its uses in the details panel', async () => {
    const name = `Verzonden met koningsdag ${unique()}`;
    const { id, type } = await newsletterWith(page, name, [
      {
        type: 'afbeelding',
        content: { image: { fileId: mediaIds.zuiderveen.kingsDayFile, alt: 'Oranje vlaggen op de markt' } },
      },
    ]);
    await api(page, 'POST', '/deliveryjobs', {
      publicationId: id,
      publicationTemplateId: type.templates[0].id,
      title: `Verspreiden van ${name}`,
      audienceId: receiverIds.audiences.editorsTest,
      scheduledAt: new Date(Date.now() + 30 * 24 * 3600_000).toISOString(),
    });

    await page.goto(`${baseUrl}/media/Foto's/Evenementen`);
    const tile = page
      .getByTestId('media-tile-file')
      .filter({ has: page.getByText('koningsdag', { exact: true }) });
    await tile.click();
    const panel = page.getByRole('dialog', { name: 'Bestandsdetails' });
    const uses = panel.getByRole('list', { name: 'In gebruik' });
    await uses.getByRole('link', { name }).waitFor();
    // This newsletter is listed as sent (the demo's own sent newsletter may show the photo too).
    const use = uses.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
    expect(await use.getByText('Verzonden', { exact: true }).count()).toBe(1);

    await panel.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Bestand verwijderen' });
    await confirm.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    const refusal = panel.getByRole('alert');
    await refusal.waitFor();
    const refused = await refusal.textContent();
    expect(refused).toMatch(/^Dit bestand is in gebruik en kan daarom niet worden verwijderd: /);
    expect(refused).toContain(`de verzonden publicatie '${name}'`);
    // The sent message's image still loads.
    const { status } = await page.evaluate(async (fileId) => {
      const session = JSON.parse(sessionStorage.getItem('dpp.session') ?? '{}') as { environmentId: string };
      return { status: (await fetch(`/cdn/${session.environmentId}/${fileId}.jpg?w=200`)).status };
    }, mediaIds.zuiderveen.kingsDayFile);
    expect(status).toBe(200);
    await uses.scrollIntoViewIfNeeded();
    await animationsSettled(page);
    await screenshot(page, 'file-details-in-use-desktop');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    await page.setViewportSize(PHONE);
    await uses.scrollIntoViewIfNeeded();
    await animationsSettled(page);
    await screenshot(page, 'file-details-in-use-phone');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await page.setViewportSize(DESKTOP);
  });
});
