import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { mediaIds } from '../../server/src/seed/ids';
import { samplePdf } from '../../server/src/seed/mediaSamples';
import {
  PHONE,
  animationsSettled,
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  screenshot,
} from './support/browser';
import { signIn } from './support/signIn';

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

interface DropFile {
  name: string;
  mimeType: string;
  base64: string;
}

/** A real drop on the upload area: a DataTransfer with files, as the browser builds it for a drag from the desktop. */
async function dropFiles(page: Page, files: DropFile[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((list: DropFile[]) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
    }
    return transfer;
  }, files);
  const area = page.getByTestId('media-upload-area');
  await area.dispatchEvent('dragenter', { dataTransfer });
  await area.dispatchEvent('dragover', { dataTransfer });
  await area.dispatchEvent('drop', { dataTransfer });
}

async function photo(color: string, name: string): Promise<DropFile> {
  // Noise keeps the JPEG large (about 2 MB), so the progress of the upload is visible.
  const bytes = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: color,
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', base64: bytes.toString('base64') };
}

const fileTile = (page: Page, friendlyName: string) =>
  page.getByTestId('media-tile-file').filter({ has: page.getByText(friendlyName, { exact: true }) });

describe('media library on a desktop (1366x768)', () => {
  let context: BrowserContext;
  let page: Page;
  const folderName = `Nieuwsbrief ${Date.now().toString(36)}`;
  const folderUrl = `${baseUrl}/media/${encodeURIComponent(folderName)}`;

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
  });
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      await screenshot(page, `media-failed-${task.name.replace(/\W+/g, '-')}`);
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('creates a folder through the New folder panel (empty name refused) and opens it', async () => {
    await page.goto(`${baseUrl}/media/`);
    await page.getByTestId('media-tile-new-folder').click();
    const panel = page.getByRole('dialog', { name: 'Nieuwe Map' });
    await panel.getByText('Voeg een nieuwe map toe aan Media').waitFor();
    expect(await page.getByTestId('media-tile-back').count()).toBe(0);

    await panel.getByRole('button', { name: 'Toevoegen' }).click();
    await panel.getByText('Naam is een verplicht veld').waitFor();

    await panel.locator('input[name="DirectoryName"]').fill(folderName);
    await panel.getByRole('button', { name: 'Toevoegen' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Map ${folderName} openen` }).click();
    await page.waitForURL(folderUrl);
    await page.getByTestId('media-tile-back').waitFor();
    await screenshot(page, 'media-new-folder-opened');
  });

  it('uploads three images and a PDF dropped on the upload area, with progress per file and overall', async () => {
    const files = [
      await photo('#3366cc', 'strand.jpg'),
      await photo('#cc6633', 'duinen.jpg'),
      await photo('#33aa66', 'bos.jpg'),
      {
        name: 'jaarplan.pdf',
        mimeType: 'application/pdf',
        base64: samplePdf('Jaarplan', ['Een document uit de end-to-end test.']).toString('base64'),
      },
    ];
    // Slow the upload down (2 Mbit/s) so the progress can be seen before it is done.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: (2 * 1024 * 1024) / 8,
    });
    await dropFiles(page, files);

    await page.getByText('Aan het uploaden...').waitFor();
    const progress = page.getByTestId('media-upload-progress');
    await expect.poll(() => progress.getByTestId('media-upload-item').count()).toBe(4);
    const overall = progress.getByRole('progressbar', { name: 'Uploads' });
    await expect
      .poll(async () => Number(await overall.getAttribute('aria-valuenow')), { timeout: 60_000 })
      .toBeGreaterThan(0);
    expect(Number(await overall.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await screenshot(page, 'media-uploading');

    await progress.getByText('4 van 4 bestanden geüpload').waitFor({ timeout: 120_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await progress.locator('[data-status="done"]').count()).toBe(4);
    for (const name of ['strand', 'duinen', 'bos', 'jaarplan']) await fileTile(page, name).waitFor();
    expect(await fileTile(page, 'jaarplan').getByTestId('media-document-icon').getByText('PDF').count()).toBe(
      1,
    );
    await fileTile(page, 'strand')
      .locator('img')
      .evaluate((image: HTMLImageElement) => image.decode());
    await screenshot(page, 'media-uploaded');
  });

  it('opens File details, renames on blur, tags (no duplicates) and downloads under the original name', async () => {
    await fileTile(page, 'jaarplan').click();
    const panel = page.getByRole('dialog', { name: 'Bestandsdetails' });
    await panel.getByText('jaarplan.pdf', { exact: true }).first().waitFor();

    await panel.getByRole('button', { name: 'Naam wijzigen' }).click();
    await panel.getByTestId('media-file-name-input').fill('Jaarplan 2025.pdf');
    await panel.getByTestId('media-file-name-input').blur();
    await panel.getByTestId('media-file-name').getByText('Jaarplan 2025.pdf').waitFor();
    await fileTile(page, 'Jaarplan 2025').waitFor();

    // Left empty, the name is not sent: it stays as it was.
    await panel.getByRole('button', { name: 'Naam wijzigen' }).click();
    await panel.getByTestId('media-file-name-input').fill('');
    await panel.getByTestId('media-file-name-input').blur();
    await panel.getByTestId('media-file-name').getByText('Jaarplan 2025.pdf').waitFor();

    await panel.getByRole('button', { name: 'Tag toevoegen' }).click();
    const tagInput = panel.getByTestId('media-tag-input');
    await tagInput.fill('begroting');
    await tagInput.press('Enter');
    await panel.getByTestId('media-file-tags').getByText('begroting', { exact: true }).waitFor();
    await tagInput.fill('BEGROTING');
    await tagInput.press('Enter');
    await panel.getByText('Dit bestand heeft deze tag al.').waitFor();
    expect(
      await panel
        .getByTestId('media-file-tags')
        .getByText(/^begroting$/i)
        .count(),
    ).toBe(1);
    await screenshot(page, 'media-file-details');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Downloaden' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('jaarplan.pdf');
    expect(new URL(download.url()).pathname).toMatch(/\/download$/);
    const saved = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('deletes a file after the confirmation', async () => {
    const panel = page.getByRole('dialog', { name: 'Bestandsdetails' });
    await panel.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Bestand verwijderen' });
    await confirm.getByText('Weet je zeker dat je Jaarplan 2025.pdf wilt verwijderen?').waitFor();
    await animationsSettled(page); // the dialog's fade-in, for the screenshot
    await screenshot(page, 'media-delete-confirm');
    await confirm.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => fileTile(page, 'Jaarplan 2025').count()).toBe(0);
    expect(await page.getByTestId('media-tile-file').count()).toBe(3);
  });

  it("goes back with 'Terug' and the breadcrumb, and a reload keeps the folder", async () => {
    await page.getByTestId('media-tile-back').click();
    await page.waitForURL(`${baseUrl}/media/`);
    await page.getByRole('button', { name: `Map ${folderName} openen` }).click();
    await page.waitForURL(folderUrl);
    await page.getByRole('navigation', { name: 'Mappen' }).getByRole('button', { name: 'Media' }).click();
    await page.waitForURL(`${baseUrl}/media/`);

    await page.goto(`${baseUrl}/media/Foto's/Evenementen`);
    await fileTile(page, 'koningsdag').waitFor();
    await page.reload();
    await fileTile(page, 'koningsdag').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/media/Foto's/Evenementen`);
    const crumbs = page.getByRole('navigation', { name: 'Mappen' });
    expect(await crumbs.innerText()).toMatch(/Media\s*›?\s*Foto's\s*›?\s*Evenementen/);
    await crumbs.getByRole('button', { name: "Foto's" }).click();
    await page.waitForURL(`${baseUrl}/media/Foto's`);
  });

  it('renames a folder (a clash refused, the URL follows) and deletes it with everything in it', async () => {
    const original = `Archief ${Date.now().toString(36)}`;
    const renamed = `${original} oud`;
    const urlOf = (name: string) => `${baseUrl}/media/${encodeURIComponent(name)}`;
    await page.goto(`${baseUrl}/media/`);
    await page.getByTestId('media-tile-new-folder').waitFor();
    // The root folder Media keeps its name and cannot be deleted: no actions there.
    expect(await page.getByRole('button', { name: 'Map verwijderen' }).count()).toBe(0);

    const addFolder = async (name: string, parent: string) => {
      await page.getByTestId('media-tile-new-folder').click();
      const panel = page.getByRole('dialog', { name: 'Nieuwe Map' });
      await panel.getByText(`Voeg een nieuwe map toe aan ${parent}`).waitFor();
      await panel.locator('input[name="DirectoryName"]').fill(name);
      await panel.getByRole('button', { name: 'Toevoegen' }).click();
      await panel.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Map ${name} openen` }).waitFor();
    };
    await addFolder(original, 'Media');
    await page.getByRole('button', { name: `Map ${original} openen` }).click();
    await page.waitForURL(urlOf(original));
    await page.getByRole('group', { name: `Map ${original}` }).waitFor();
    await addFolder('Brieven', original);
    await dropFiles(page, [
      {
        name: 'notulen.pdf',
        mimeType: 'application/pdf',
        base64: samplePdf('Notulen', ['Een document uit de end-to-end test.']).toString('base64'),
      },
    ]);
    await fileTile(page, 'notulen').waitFor();

    await page
      .getByRole('group', { name: `Map ${original}` })
      .getByRole('button', { name: 'Naam wijzigen' })
      .click();
    const panel = page.getByRole('dialog', { name: 'Naam wijzigen' });
    const nameInput = panel.locator('input[name="DirectoryName"]');
    expect(await nameInput.inputValue()).toBe(original);
    await nameInput.fill('documenten');
    await panel.getByRole('button', { name: 'Opslaan' }).click();
    await panel.getByText("Er bestaat al een map met de naam 'documenten' in 'Media'.").waitFor();
    expect(await nameInput.inputValue()).toBe('documenten');
    await animationsSettled(page); // the panel's slide-in, for the screenshot
    await screenshot(page, 'media-rename-folder');
    await nameInput.fill(renamed);
    await panel.getByRole('button', { name: 'Opslaan' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.waitForURL(urlOf(renamed));
    await page.getByRole('navigation', { name: 'Mappen' }).getByText(renamed).waitFor();
    await fileTile(page, 'notulen').waitFor();

    await page
      .getByRole('group', { name: `Map ${renamed}` })
      .getByRole('button', { name: 'Map verwijderen' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Map verwijderen' });
    await confirm
      .getByText(
        `Map ${renamed} verwijderen? De map en alles erin (1 bestand, 1 map) worden verwijderd. ` +
          'Je kunt dit niet ongedaan maken.',
      )
      .waitFor();
    await animationsSettled(page); // the dialog's fade-in, for the screenshot
    await screenshot(page, 'media-delete-folder-confirm');
    await confirm.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    await page.waitForURL(`${baseUrl}/media/`);
    await page.getByRole('button', { name: 'Map Documenten openen' }).waitFor();
    expect(await page.getByRole('button', { name: `Map ${renamed} openen` }).count()).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Map Documenten openen' }).waitFor();
    expect(await page.getByRole('button', { name: `Map ${renamed} openen` }).count()).toBe(0);
    await screenshot(page, 'media-folder-deleted');
  });

  it('picks a file through the Select media file panel (no new-folder tile) and a folder through Select media directory', async () => {
    await page.goto(`${baseUrl}/media/`);
    await page.getByTestId('media-tile-new-folder').waitFor();
    await page.evaluate(() => {
      const target = window as unknown as { picked?: unknown };
      window.dispatchEvent(
        new CustomEvent('slideover', {
          detail: { type: 'selectMediaFile', onSelect: (file: unknown) => (target.picked = file) },
        }),
      );
    });
    const picker = page.getByRole('dialog', { name: 'Selecteer een bestand' });
    await picker.getByRole('button', { name: "Map Foto's openen" }).click();
    expect(await picker.getByTestId('media-tile-new-folder').count()).toBe(0);
    await picker.getByTestId('media-upload-area').waitFor();
    await picker.getByRole('button', { name: /^zomerfeest, .+ kiezen$/ }).click();
    await picker.waitFor({ state: 'detached' });
    const picked = await page.evaluate(
      () => (window as unknown as { picked?: { id: string; extension: string } }).picked,
    );
    expect(picked).toMatchObject({ id: mediaIds.zuiderveen.summerFile, extension: '.jpg' });

    await page.evaluate(() => {
      const target = window as unknown as { pickedFolder?: unknown };
      window.dispatchEvent(
        new CustomEvent('slideover', {
          detail: {
            type: 'selectMediaDirectory',
            onSelect: (folder: unknown) => (target.pickedFolder = folder),
          },
        }),
      );
    });
    const folders = page.getByRole('dialog', { name: 'Selecteer een map' });
    await folders.getByRole('button', { name: "Map Foto's openen" }).click();
    await folders.getByText("Gekozen map: Foto's").waitFor();
    expect(await folders.getByTestId('media-tile-file').count()).toBe(0);
    await screenshot(page, 'media-select-directory');
    await folders.getByRole('button', { name: 'Selecteren' }).click();
    await folders.waitFor({ state: 'detached' });
    const pickedFolder = await page.evaluate(
      () => (window as unknown as { pickedFolder?: unknown }).pickedFolder,
    );
    expect(pickedFolder).toEqual({ id: mediaIds.zuiderveen.photos, name: "Foto's", path: "/Foto's" });
  });

  it('fits a phone (390x844): two tiles a row and the details panel full width', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/media/Foto's`);
    await fileTile(page, 'zomerfeest').waitFor();
    const tiles = page.locator('[role="list"] > [role="listitem"]');
    const [first, second] = [await tiles.nth(0).boundingBox(), await tiles.nth(1).boundingBox()];
    expect(first && second && Math.abs(first.y - second.y) < 1 && first.width < PHONE.width / 2).toBe(true);
    await screenshot(page, 'media-phone-grid');
    await fileTile(page, 'zomerfeest').click();
    const panel = page.getByRole('dialog', { name: 'Bestandsdetails' });
    await panel
      .getByRole('img', { name: 'Voorbeeld van zomerfeest' })
      .evaluate((image: HTMLImageElement) => image.decode());
    expect(await panel.getByRole('button', { name: 'Downloaden' }).isEnabled()).toBe(true);
    expect((await panel.boundingBox())?.width).toBe(PHONE.width);
    await animationsSettled(page); // the buttons' colour transition, for the screenshot
    await screenshot(page, 'media-phone-details');
  });
});
