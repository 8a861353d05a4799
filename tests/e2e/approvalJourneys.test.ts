import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import {
  animationsSettled,
  newDesktopContext,
  newPhoneContext,
  releaseBrowser,
  screenshot,
  workerBrowser,
} from './support/browser';
import { publicationIds, receiverIds } from '../../server/src/seed/ids';
import { apiAsBrowser } from './support/browserApi';
import { sharedServerUrl } from './support/sharedServer';
import { ANNE, BRAM, signIn, signInWithRedirect } from './support/signIn';

// 'Goedkeuring' for journeys in the console: Anne turns on 'Ook bij het publiceren van trajecten';
// her 'Activeren' of a journey asks approval and takes her to the request; Bram opens it (the journey's
// start and steps, no publication preview) at both sizes and approves, which publishes the journey. On
// the worker's shared server: the setting is turned off again at the end.

const server = { url: sharedServerUrl() };
const name = `Welkom goedkeuring ${Date.now()}`;
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe("approval before a journey's publishing", () => {
  let anneContext: BrowserContext;
  let anne: Page;
  let bramContext: BrowserContext;
  let bram: Page;
  let journeyId = '';
  let requestUrl = '';
  // What the steps use, named as the console names them (read back: another test may rename them).
  let publicationName = '';
  let listTitle = '';

  beforeAll(async () => {
    anneContext = await newDesktopContext(browser);
    anne = await anneContext.newPage();
    await signIn(anne, server.url, ANNE);
    bramContext = await newDesktopContext(browser);
    bram = await bramContext.newPage();
    await signIn(bram, server.url, BRAM);
  });
  afterAll(async () => {
    if (anne) await apiAsBrowser(anne, 'PUT', '/approval-settings', { minRecipients: null, journeys: false });
    await anneContext?.close();
    await bramContext?.close();
  });

  it("turns on 'Ook bij het publiceren van trajecten' and asks approval with 'Activeren'", async () => {
    await anne.goto(`${server.url}/settings/approval`);
    await anne.getByLabel('Ook bij het publiceren van trajecten').check();
    await anne.getByRole('button', { name: 'Opslaan' }).click();
    await anne.getByText('De goedkeuring is opgeslagen.').waitFor();

    const journey = await apiAsBrowser<{ id: string }>(anne, 'POST', '/journeys', { name });
    journeyId = journey.id;
    await apiAsBrowser(anne, 'PUT', `/journeys/${journeyId}`, {
      graph: {
        triggers: [{ kind: 'manual' }],
        start: 'wacht',
        steps: [
          { id: 'wacht', kind: 'wait', wait: { type: 'duration', minutes: 1440 + 180 }, next: 'mail' },
          {
            id: 'mail',
            kind: 'send',
            publicationId: publicationIds.publications.januaryNewsletter,
            templateId: publicationIds.templates.zuiderveenStandard,
            next: 'lijst',
          },
          { id: 'lijst', kind: 'addToList', listId: receiverIds.lists.residents, next: 'einde' },
          { id: 'einde', kind: 'end' },
        ],
        settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
      },
    });
    publicationName = (
      await apiAsBrowser<{ name: string }>(
        anne,
        'GET',
        `/publications/${publicationIds.publications.januaryNewsletter}`,
      )
    ).name;
    const lists = await apiAsBrowser<Array<{ id: string; title: string }>>(anne, 'GET', '/lists/');
    listTitle = lists.find((list) => list.id === receiverIds.lists.residents)?.title ?? '';
    await anne.goto(`${server.url}/journeys/${journeyId}`);
    await anne.getByRole('button', { name: 'Activeren' }).click();
    const dialog = anne.getByRole('dialog');
    await dialog.getByText(/Publiceren vraagt goedkeuring/).waitFor();
    await dialog.getByRole('button', { name: 'Goedkeuring vragen' }).click();
    await anne.waitForURL(/\/approvals\/[0-9a-f-]+$/);
    requestUrl = anne.url();
    await anne.getByText(`Traject: ${name}`).waitFor();
    await anne.getByText('Je kunt je eigen aanvraag niet goedkeuren of afwijzen.').first().waitFor();
    const state = await apiAsBrowser<{ state: string }>(anne, 'GET', `/journeys/${journeyId}`);
    expect(state.state).toBe('Concept');
  });

  it('shows Bram the request with the journey at 1366x768, and publishes it on his approval', async () => {
    // In 'Goed te keuren' the row names the journey where a send names its publication.
    await bram.goto(`${server.url}/approvals/`);
    const row = bram.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.getByRole('cell').allTextContents()).toContain(name);
    await expect
      .poll(() => bram.getByRole('columnheader').allTextContents())
      .toContain('Publicatie of traject');
    await bram.goto(requestUrl);
    await bram.getByText(`Traject: ${name}`).waitFor();
    const section = bram.getByRole('region', { name: 'Wat er gepubliceerd wordt' });
    await section.getByText('Start: Handmatig').waitFor();
    // Each step says what it does, with the names of what it uses: what the approver approves.
    await expect
      .poll(() => section.getByRole('listitem').allTextContents())
      .toEqual([
        'Wacht 1 dag en 3 uur',
        `Verstuur publicatie: ${publicationName}`,
        `Toevoegen aan lijst: ${listTitle}`,
        'Einde',
      ]);
    expect(await bram.getByTestId('publication-preview-frame').count()).toBe(0);
    await animationsSettled(bram);
    await screenshot(bram, 'approval-journey-desktop');
    expect(await axeViolations(bram)).toEqual([]);

    await bram.getByRole('button', { name: 'Goedkeuren' }).click();
    await bram.getByRole('dialog').getByRole('button', { name: 'Goedkeuren' }).click();
    await bram.getByText('Goedgekeurd: het traject is gepubliceerd.').waitFor();
    await bram.getByText(/^Goedgekeurd door Bram Jansen op /).waitFor();
    const published = await apiAsBrowser<{ state: string; versionNumber: number }>(
      bram,
      'GET',
      `/journeys/${journeyId}`,
    );
    expect(published).toMatchObject({ state: 'Actief', versionNumber: 1 });
  });

  it('shows the request on a phone (390x844)', async () => {
    const phone = await newPhoneContext(browser);
    try {
      const page = await phone.newPage();
      await signInWithRedirect(page, server.url, BRAM);
      await page.goto(requestUrl);
      await page.getByText(`Traject: ${name}`).waitFor();
      await page.getByText('Start: Handmatig').waitFor();
      await page.getByRole('link', { name: 'Naar het traject' }).waitFor();
      await animationsSettled(page);
      await screenshot(page, 'approval-journey-phone');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
