import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { DeliveryJob } from '../../server/src/contract/publications';
import {
  DESKTOP,
  PHONE,
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  screenshot,
} from './support/browser';
import { signIn } from './support/signIn';

const baseUrl = sharedServerUrl();

/** GETs an API path with the access token and environment of the browser's own session. */
async function getAsBrowser(page: Page, path: string): Promise<{ status: number; text: string }> {
  return page.evaluate(async (relativePath) => {
    const session = JSON.parse(sessionStorage.getItem('dpp.session') ?? '{}') as {
      accessToken: string;
      environmentId: string;
    };
    const response = await fetch(`/api/1/${session.environmentId}${relativePath}`, {
      headers: { Authorization: `Bearer ${session.accessToken}`, 'X-Environment-Id': session.environmentId },
    });
    return { status: response.status, text: await response.text() };
  }, path);
}

/** Reads an API path as the browser's user; anything but a 2xx fails the test. */
async function apiAsBrowser<T>(page: Page, path: string): Promise<T> {
  const { status, text } = await getAsBrowser(page, path);
  if (status < 200 || status > 299) throw new Error(`GET ${path}: ${status} ${text}`);
  return JSON.parse(text) as T;
}

/** PUTs a JSON body to an API path as the browser's user; anything but a 2xx fails the test. */
async function putAsBrowser(page: Page, path: string, body: unknown): Promise<void> {
  const { status, text } = await page.evaluate(
    async ({ relativePath, json }) => {
      const session = JSON.parse(sessionStorage.getItem('dpp.session') ?? '{}') as {
        accessToken: string;
        environmentId: string;
      };
      const response = await fetch(`/api/1/${session.environmentId}${relativePath}`, {
        method: 'PUT',
        headers: {
          Authorization: `Bearer ${session.accessToken}`,
          'X-Environment-Id': session.environmentId,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(json),
      });
      return { status: response.status, text: await response.text() };
    },
    { relativePath: path, json: body },
  );
  if (status < 200 || status > 299) throw new Error(`PUT ${path}: ${status} ${text}`);
}

/** The status an API path answers to the browser's user. */
async function statusAsBrowser(page: Page, path: string): Promise<number> {
  return (await getAsBrowser(page, path)).status;
}

/** Waits until an element has faded in (its own and its ancestors' opacity is 1), for a screenshot. */
async function fadedIn(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator.evaluate((element) => {
        let opacity = 1;
        for (let current: Element | null = element; current; current = current.parentElement) {
          opacity *= Number(getComputedStyle(current).opacity);
        }
        return opacity;
      }),
    )
    .toBe(1);
}

/** The names of the blocks on the publication page, in the order shown. */
async function blockNames(page: Page): Promise<string[]> {
  return page.getByTestId('publication-block').locator('.MuiListItemText-primary').allTextContents();
}

describe('publications and delivery jobs', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  // Unique per run, so the scenario can find its own records among the seeded ones.
  const name = `Nieuwsbrief e2e ${Date.now().toString(36)}`;

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

  it('lists the publications with type and flags', async () => {
    await page.goto(`${baseUrl}/publications/`);
    const row = page.getByRole('row', { name: /Nieuwsbrief januari 2025/ });
    await row.waitFor();
    await expect(row.getByRole('cell', { name: 'Nieuwsbrief', exact: true }).count()).resolves.toBe(1);
    for (const header of ['Naam', 'Type', 'Niet-marketing', 'Openbaar']) {
      await page.getByRole('columnheader', { name: header }).waitFor();
    }
    await screenshot(page, 'publications-list-desktop');
  });

  it('creates a publication and opens it', async () => {
    await page.getByRole('button', { name: 'Nieuwe Publicatie' }).click();
    const panel = page.getByRole('dialog', { name: 'Nieuwe Publicatie' });
    // The type picker checks its field once its choices are in (before, it shows that it is loading).
    await panel.getByRole('combobox', { name: 'Type' }).waitFor();
    await panel.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    await panel.getByText('Naam is een verplicht veld').waitFor();
    await panel.getByText('Publicatietype is een verplicht veld').waitFor();

    await panel.getByLabel('Naam').fill(name);
    await panel.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Nieuwsbrief' }).click();
    await screenshot(page, 'publications-new-panel');
    await panel.getByRole('button', { name: 'Toevoegen', exact: true }).click();

    await page.waitForURL(/\/publications\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    await page.getByText('Type: Nieuwsbrief').waitFor();
    await page.getByText('Deze publicatie heeft nog geen blokken.', { exact: false }).waitFor();
  });

  it('keeps changed flags after a reload, and the edit form starts from them', async () => {
    await page.getByRole('button', { name: 'Aanpassen', exact: true }).click();
    let panel = page.getByRole('dialog', { name: 'Publicatie aanpassen' });
    await expect(panel.getByLabel(/^Naam(\s*\*)?$/).inputValue()).resolves.toBe(name);
    await expect(panel.getByLabel('Niet-marketing').isChecked()).resolves.toBe(false);
    await panel.getByLabel('Niet-marketing').check();
    await panel.getByLabel('Openbaar').check();
    await panel.getByRole('button', { name: 'Opslaan' }).click();
    await panel.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    await page.getByText('Niet-marketing', { exact: true }).waitFor();
    await page.getByText('Openbaar', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Aanpassen', exact: true }).click();
    panel = page.getByRole('dialog', { name: 'Publicatie aanpassen' });
    await expect(panel.getByLabel('Niet-marketing').isChecked()).resolves.toBe(true);
    await expect(panel.getByLabel('Openbaar').isChecked()).resolves.toBe(true);
    await panel.getByRole('button', { name: 'Sluiten', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('adds two blocks of different groups and reorders them', async () => {
    for (const group of ['Artikel', 'Agenda-item']) {
      await page.getByRole('button', { name: 'Blok toevoegen', exact: true }).click();
      const panel = page.getByRole('dialog', { name: 'Blok toevoegen' });
      await panel.getByRole('radio', { name: group }).check();
      if (group === 'Artikel') await screenshot(page, 'publications-add-block-panel');
      await panel.getByRole('button', { name: 'Toevoegen', exact: true }).click();
      await panel.waitFor({ state: 'detached' });
    }
    await expect.poll(() => blockNames(page)).toEqual(['Artikel', 'Agenda-item']);

    await page.getByRole('button', { name: 'Blok 2 (Agenda-item) omhoog' }).click();
    await expect.poll(() => blockNames(page)).toEqual(['Agenda-item', 'Artikel']);
    // The move shows at once; the buttons come back when the server has the new order.
    await expect
      .poll(() => page.getByRole('button', { name: 'Blok 2 (Artikel) omhoog' }).isEnabled())
      .toBe(true);

    await page.reload();
    await expect.poll(() => blockNames(page)).toEqual(['Agenda-item', 'Artikel']);
    await screenshot(page, 'publication-detail-desktop');
  });

  it('shows the designed analytics page without data and the RSVP page of a publication that is no invitation', async () => {
    const detail = page.url();
    await page.getByRole('link', { name: 'Analyse' }).click();
    await page.getByText('Nog geen gegevens').waitFor();
    await page.getByRole('link', { name: `Terug naar ${name}` }).click();
    await page.getByRole('link', { name: 'RSVP' }).click();
    await page.getByText('Deze publicatie is nog geen uitnodiging').waitFor();
    await screenshot(page, 'publication-rsvp-desktop');
    await page.goto(detail);
    await page.getByRole('heading', { name, level: 2 }).waitFor();
  });

  it('explains why a publication without invitees cannot go to the RSVP participants, and delivers to an audience', async () => {
    // The blocks added above are empty, and a required field left empty blocks a delivery: fill them.
    const { data: found } = await apiAsBrowser<{ data: Array<{ id: string }> }>(
      page,
      `/publications/?search=${encodeURIComponent(name)}`,
    );
    const blocks = await apiAsBrowser<{ data: Array<{ id: string; blockType: string; version: number }> }>(
      page,
      `/publications/${found[0].id}/blocks`,
    );
    for (const block of blocks.data) {
      const content =
        block.blockType === 'agendaitem'
          ? { title: 'Inloopavond', startsAt: '2030-01-15T19:30' }
          : { title: 'Nieuws' };
      await putAsBrowser(page, `/publications/${found[0].id}/blocks/${block.id}`, {
        content,
        version: block.version,
      });
    }
    await page.reload();
    await page.getByRole('heading', { name, level: 2 }).waitFor();

    await page.getByRole('button', { name: 'Verspreiden', exact: true }).click();
    const panel = page.getByRole('dialog', { name: `${name} verspreiden` });
    await panel.getByRole('button', { name: 'Verspreiden', exact: true }).click();
    await panel.getByText('Selecteer een template').waitFor();
    await panel.getByText('Selecteer een doelgroep').waitFor();
    await screenshot(page, 'publications-deliver-empty');

    await panel.getByRole('combobox', { name: 'Sjabloon' }).click();
    await page.getByRole('option', { name: 'Standaard' }).click();
    await panel.getByRole('combobox', { name: 'Doelgroep' }).click();
    await page.getByRole('option', { name: 'Inwoners en ondernemers' }).waitFor();
    await page.getByRole('option', { name: 'Deelnemers - RsvP die komen' }).click();
    await panel.getByText('Deze publicatie heeft nog geen genodigden').waitFor();
    await panel.getByRole('combobox', { name: 'Doelgroep' }).click();
    await page.getByRole('option', { name: 'Test redactie' }).click();

    const [posted] = await Promise.all([
      page.waitForResponse(
        (response) => response.url().endsWith('/deliveryjobs') && response.request().method() === 'POST',
      ),
      panel.getByRole('button', { name: 'Verspreiden', exact: true }).click(),
    ]);
    expect(posted.status()).toBe(201);
    expect(posted.request().postDataJSON()).toMatchObject({ SendToOnlyAcceptedRsvp: false });

    await page.waitForURL(`${baseUrl}/jobs/`);
    const row = page.getByRole('row', { name: new RegExp(`Verspreiden van ${name}`) });
    await row.waitFor();
    await row.getByText('Test redactie').waitFor();
    await row.getByText('Verzonden').waitFor({ timeout: 30_000 });
    await screenshot(page, 'jobs-list-desktop');

    // Read the job back from the API, as the browser's user: the flag was stored, not only sent.
    const { id } = (await posted.json()) as DeliveryJob;
    const job = await apiAsBrowser<DeliveryJob>(page, `/deliveryjobs/${id}`);
    expect(job).toMatchObject({
      title: `Verspreiden van ${name}`,
      publicationTemplateName: 'Standaard',
      SendToOnlyAcceptedRsvp: false,
      recipientCount: 3,
      sentCount: 3,
      status: 'Verzonden',
    });
  });

  it('shows the publication and the jobs at phone width', async () => {
    // Same signed-in tab at 390x844 (sign-in by redirect on a phone is the console foundation's test).
    await page.setViewportSize(PHONE);
    try {
      const { data } = await apiAsBrowser<{ data: Array<{ id: string }> }>(
        page,
        `/publications/?search=${encodeURIComponent(name)}`,
      );
      await page.goto(`${baseUrl}/publications/${data[0].id}`);
      await expect.poll(() => blockNames(page)).toEqual(['Agenda-item', 'Artikel']);
      await screenshot(page, 'publication-detail-phone');
      await page.getByRole('button', { name: 'Verspreiden', exact: true }).click();
      await page.getByRole('dialog', { name: `${name} verspreiden` }).waitFor();
      await screenshot(page, 'publications-deliver-phone');
      await page.goto(`${baseUrl}/jobs/`);
      // A phone shows the publication and status columns only (the jobs table's phoneColumns).
      await page
        .getByRole('row', { name: new RegExp(name) })
        .first()
        .waitFor();
      await screenshot(page, 'jobs-list-phone');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  it('deletes a new publication with its block after confirmation: it is gone from the list and the API', async () => {
    const doomed = `Vergissing e2e ${Date.now().toString(36)}`;
    await page.goto(`${baseUrl}/publications/`);
    await page.getByRole('button', { name: 'Nieuwe Publicatie' }).click();
    const panel = page.getByRole('dialog', { name: 'Nieuwe Publicatie' });
    await panel.getByLabel('Naam').fill(doomed);
    await panel.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Nieuwsbrief' }).click();
    await panel.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    await page.waitForURL(/\/publications\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop() as string;
    await page.getByRole('heading', { name: doomed, level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Blok toevoegen', exact: true }).click();
    const blockPanel = page.getByRole('dialog', { name: 'Blok toevoegen' });
    await blockPanel.getByRole('radio', { name: 'Artikel' }).check();
    await blockPanel.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    await blockPanel.waitFor({ state: 'detached' });
    await expect.poll(() => blockNames(page)).toEqual(['Artikel']);
    // The block's notification goes first, so the picture shows the confirmation alone.
    await page.getByText('Het blok is toegevoegd.').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Publicatie ${doomed} verwijderen?` });
    await confirm.getByText('Ook haar blokken worden verwijderd.', { exact: false }).waitFor();
    await fadedIn(confirm);
    await screenshot(page, 'publication-delete-confirm');
    const [deleted] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith(`/publications/${id}`) && response.request().method() === 'DELETE',
      ),
      confirm.getByRole('button', { name: 'Verwijderen', exact: true }).click(),
    ]);
    expect(deleted.status()).toBe(204);

    await page.waitForURL(`${baseUrl}/publications/`);
    const notification = page.getByText(`Publicatie ${doomed} is verwijderd.`);
    await page.getByRole('row', { name: /Nieuwsbrief januari 2025/ }).waitFor();
    await expect(page.getByRole('row', { name: new RegExp(doomed) }).count()).resolves.toBe(0);
    await fadedIn(notification);
    await screenshot(page, 'publication-deleted-list');
    await expect(statusAsBrowser(page, `/publications/${id}`)).resolves.toBe(404);
    await expect(statusAsBrowser(page, `/publications/${id}/blocks`)).resolves.toBe(404);
  });

  it("refuses to delete the delivered publication with the server's message and stays on it", async () => {
    const { data } = await apiAsBrowser<{ data: Array<{ id: string }> }>(
      page,
      `/publications/?search=${encodeURIComponent(name)}`,
    );
    await page.goto(`${baseUrl}/publications/${data[0].id}`);
    await page.getByRole('heading', { name, level: 2 }).waitFor();

    await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: `Publicatie ${name} verwijderen?` });
    await confirm.getByRole('button', { name: 'Verwijderen', exact: true }).click();

    const refusal = page.getByText('Deze publicatie is al verspreid en kan niet worden verwijderd.');
    await confirm.waitFor({ state: 'detached' });
    await fadedIn(refusal);
    await screenshot(page, 'publication-delete-refused');
    expect(page.url()).toBe(`${baseUrl}/publications/${data[0].id}`);
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    await expect(statusAsBrowser(page, `/publications/${data[0].id}`)).resolves.toBe(200);
  });
});
