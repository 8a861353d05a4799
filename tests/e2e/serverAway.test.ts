import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PublicationBlock, PublicationType } from '../../server/src/contract/publications';
import { axeViolations } from './support/axe';
import {
  animationsSettled,
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  newPhoneContext,
  screenshot,
} from './support/browser';
import { serverAnswerTimeLimitMs } from '../../src/dataProvider/answerDeadline';
import { startOwnServer } from './support/ownServer';
import type { ServerProcess } from './support/serverProcess';
import { ANNE, signIn, signInWithPopup, signInWithRedirect } from './support/signIn';
import { apiAsBrowser as api } from './support/browserApi';

/** The one text of every failed request while the server is away (src/dataProvider/serverError.ts). */
const unreachable =
  'De server is niet bereikbaar. Wat je hebt ingevuld blijft staan; probeer het zo opnieuw.';
/** The failed start's promise to try again (src/boot/texts.ts); the wait grows with each failure. */
const retryingWithin = (seconds: number) => `We proberen het binnen ${seconds} seconden vanzelf opnieuw.`;
/** A block's status while its save waits for the server to answer again (blockAutosave.ts). */
const waitingForServer =
  'Niet opgeslagen: de server is niet bereikbaar. Wat je hebt ingevuld blijft staan en wordt opgeslagen zodra de server weer antwoordt.';

/** A new 'Nieuwsbrief' publication with one empty 'Artikel' block, made through the API. */
async function publicationWithBlock(page: Page, name: string): Promise<string> {
  const types = await api<PublicationType[]>(page, 'GET', '/publicationtypes/');
  const typeId = types.find((type) => type.name === 'Nieuwsbrief')?.id;
  if (!typeId) throw new Error("No publication type 'Nieuwsbrief'");
  const id = await api<string>(page, 'POST', '/publications/', { name, publicationTypeId: typeId });
  await api<PublicationBlock>(page, 'POST', `/publications/${id}/type/${typeId}/artikel/dynamic`);
  return id;
}

const blocksOf = async (page: Page, publicationId: string) =>
  (await api<{ data: PublicationBlock[] }>(page, 'GET', `/publications/${publicationId}/blocks`)).data;

const saveStatus = (page: Page) => page.getByTestId('block-save-status');
const addBlockPanel = (page: Page) =>
  page.getByRole('dialog', { name: /Blok toevoegen|kon niet worden getoond/ });

/** Opens the publication's first block and answers its 'Titel' field. */
async function openFirstBlock(page: Page, baseUrl: string, publicationId: string) {
  await page.goto(`${baseUrl}/publications/${publicationId}`);
  await page.getByTestId('publication-block').getByRole('button').first().click();
  // Hidden included: an open panel hides the page from assistive technology, not its value.
  const title = page.getByRole('textbox', { name: 'Titel', includeHidden: true });
  await title.waitFor();
  return title;
}

describe('when the server is away', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // Its own server: this test stops and restarts it, which the other tests' server must not see.
    server = await startOwnServer();
    browser = await workerBrowser();
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, server.url);
  });
  // A test that failed while the server was away leaves it running for the next one.
  afterEach(async () => {
    server.thaw();
    await server.resume().catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close();
    await releaseBrowser(browser);
    await server?.stop();
  });

  it('keeps the typed block and the page, says so in Dutch, and works again once the server is back', async () => {
    const name = `Server weg e2e ${Date.now().toString(36)}`;
    const publicationId = await publicationWithBlock(page, name);
    const title = await openFirstBlock(page, server.url, publicationId);

    // The server stops while a block is being edited.
    await server.halt();
    await title.fill('Opening van het wijkcentrum');
    await expect.poll(() => saveStatus(page).textContent(), { timeout: 20_000 }).toBe(waitingForServer);

    // 'Blok toevoegen' now needs code the browser has not downloaded yet: the panel fails, alone.
    await page.getByRole('button', { name: 'Blok toevoegen', exact: true }).click();
    const panel = addBlockPanel(page);
    await panel.getByText(unreachable).waitFor({ timeout: 20_000 });
    await animationsSettled(page);
    await screenshot(page, 'server-away-panel-desktop');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    expect(await title.inputValue()).toBe('Opening van het wijkcentrum');

    // The server comes back (same port, same data): retrying works without a reload.
    await server.resume();
    await panel.getByRole('button', { name: 'Opnieuw proberen' }).click();
    await panel.getByRole('radio', { name: 'Artikel' }).waitFor({ timeout: 20_000 });

    // The server stops while the panel is open: its choice stays, the save says why it failed.
    await panel.getByRole('radio', { name: 'Artikel' }).check();
    await server.halt();
    await panel.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    await panel.getByText(unreachable).first().waitFor({ timeout: 20_000 });
    expect(await panel.getByRole('radio', { name: 'Artikel' }).isChecked()).toBe(true);
    await animationsSettled(page);
    await screenshot(page, 'server-away-panel-save-desktop');
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    await server.resume();
    await panel.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    await panel.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(async () => (await blocksOf(page, publicationId)).length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('publication-block').count(), { timeout: 20_000 }).toBe(2);
    expect(await page.getByText('Er is iets misgegaan').count()).toBe(0);

    // What was typed while the server was away was saved by itself once it answered again, without a
    // click; reopened, the first block shows it saved.
    await expect
      .poll(async () => (await blocksOf(page, publicationId))[0].content.title, { timeout: 30_000 })
      .toBe('Opening van het wijkcentrum');
    await page.getByTestId('publication-block').first().getByRole('button').first().click();
    await expect.poll(() => title.inputValue()).toBe('Opening van het wijkcentrum');
    await expect.poll(() => saveStatus(page).textContent(), { timeout: 20_000 }).toBe('Opgeslagen');
  });

  it('a hanging server: progress at once, the Dutch message after the time limit, and the save lands by itself', async () => {
    // A browser clock the test moves on: the console's time limit passes without the test waiting for it.
    const hanging = await newDesktopContext(browser);
    try {
      // Signed in first (the session stays in the context), then the console opens with the test's clock.
      await signInWithPopup(await hanging.newPage(), server.url, ANNE);
      await hanging.clock.install();
      const hangingPage = await hanging.newPage();
      await hangingPage.goto(`${server.url}/publications`);
      await hangingPage.getByRole('table').waitFor({ timeout: 20_000 });

      // The process stops but keeps its connections: requests are taken and never answered.
      server.freeze();
      await hangingPage.getByRole('link', { name: 'Media' }).first().click();
      await hangingPage
        .getByRole('progressbar', { name: 'Pagina wordt geladen' })
        .waitFor({ timeout: 5_000 });
      await hangingPage.clock.fastForward(serverAnswerTimeLimitMs);
      await hangingPage.getByRole('main').getByText(unreachable).waitFor({ timeout: 10_000 });
      await screenshot(hangingPage, 'server-hanging-navigation-desktop');
      expect(await axeViolations(hangingPage, 'main')).toEqual([]);
      server.thaw();
      await hangingPage.getByRole('main').getByRole('button', { name: 'Opnieuw proberen' }).click();
      await hangingPage.getByRole('heading', { name: 'Media', level: 1 }).waitFor({ timeout: 20_000 });

      const publicationId = await publicationWithBlock(
        hangingPage,
        `Server hangt ${Date.now().toString(36)}`,
      );
      const title = await openFirstBlock(hangingPage, server.url, publicationId);
      server.freeze();
      await title.fill('Kermis op het plein');
      await expect.poll(() => saveStatus(hangingPage).textContent()).toBe('Bezig met opslaan…');
      // The save leaves after the autosave's pause (and a token read), and its time limit runs from then:
      // the browser's clock moves on a few seconds at a time until the limit has passed for it.
      await expect
        .poll(async () => {
          await hangingPage.clock.fastForward(serverAnswerTimeLimitMs / 4);
          return saveStatus(hangingPage).textContent();
        })
        .toBe(waitingForServer);
      expect(await title.inputValue()).toBe('Kermis op het plein');

      // The process runs again: it handles the save it took, and the console sees its own save arrived.
      server.thaw();
      await expect.poll(() => saveStatus(hangingPage).textContent(), { timeout: 30_000 }).toBe('Opgeslagen');
      const [saved] = await blocksOf(hangingPage, publicationId);
      expect(saved.content.title).toBe('Kermis op het plein');
      expect(await hangingPage.getByText('iemand anders heeft dit blok gewijzigd').count()).toBe(0);
    } finally {
      server.thaw();
      await hanging.close();
    }
  });

  it('shows a list that cannot load in Dutch with a retry that works once the server is back', async () => {
    await page.goto(`${server.url}/publications`);
    await page.getByRole('table').waitFor({ timeout: 20_000 });

    await server.halt();
    // Away from the page and back, inside the console (no reload): the list must load again.
    await page.getByRole('link', { name: 'Instellingen' }).first().click();
    await page.getByRole('link', { name: 'Publicaties' }).first().click();
    // react-query tries a failed read a few times before it shows the failure.
    const failure = page.getByRole('main').getByText(unreachable);
    await failure.waitFor({ timeout: 60_000 });
    await screenshot(page, 'server-away-list-desktop');
    expect(await axeViolations(page, 'main')).toEqual([]);

    await server.resume();
    await page.getByRole('main').getByRole('button', { name: 'Opnieuw proberen' }).click();
    await page.getByRole('table').waitFor({ timeout: 20_000 });
    expect(await failure.count()).toBe(0);
  });

  it('starts the console by itself once its code can be downloaded again (an instance that went away behind the proxy)', async () => {
    const reloading = await context.newPage();
    try {
      let failing = true;
      await reloading.route('**/assets/console-*.js', (route) =>
        failing ? route.abort('connectionrefused') : route.fallback(),
      );
      await reloading.goto(`${server.url}/publications`);
      // The second failure's screen: it stays a few seconds, long enough to be looked at.
      await reloading.getByText(retryingWithin(4)).waitFor({ timeout: 20_000 });
      expect(await reloading.getByRole('heading').textContent()).toBe('Het platform is niet bereikbaar');
      await screenshot(reloading, 'startup-failed-desktop');

      failing = false;
      // No click: the console asks again by itself (after 2, 4, 8 … seconds) and starts.
      await reloading.getByRole('table').waitFor({ timeout: 60_000 });
      expect(await reloading.getByText('Het platform is niet bereikbaar').count()).toBe(0);
    } finally {
      await reloading.close();
    }
  });

  it('on a phone: the failed start is readable, and starts at once when the browser is online again', async () => {
    const phone = await newPhoneContext(browser);
    try {
      // The browser's clock stands still unless the test moves it on: a wait passes when the test says
      // so, however slow the machine, and the test does not wait for it.
      const started = Date.now();
      await phone.clock.install({ time: started });
      await phone.clock.pauseAt(started + 1_000);
      const phonePage = await phone.newPage();
      let failing = true;
      await phonePage.route('**/api/1/environment/info', (route) =>
        failing ? route.abort('internetdisconnected') : route.fallback(),
      );
      await phonePage.goto(server.url);
      for (const seconds of [2, 4]) {
        await phonePage.getByText(retryingWithin(seconds)).waitFor({ timeout: 30_000 });
        await phonePage.clock.fastForward(seconds * 1000);
      }
      await phonePage.getByText(retryingWithin(8)).waitFor({ timeout: 30_000 });
      await screenshot(phonePage, 'startup-failed-phone');
      // axe-core waits on timers of its own: the clock runs while it looks, and stands still again after.
      await phonePage.clock.resume();
      expect(await axeViolations(phonePage)).toEqual([]);
      await phonePage.clock.pauseAt((await phonePage.evaluate(() => Date.now())) + 100);
      // The third wait may have passed by itself while axe looked; if not, the test moves the clock past it.
      if (await phonePage.getByText(retryingWithin(8)).isVisible())
        await phonePage.clock.fastForward(8 * 1000);

      // The connection comes back while the fourth failure's screen waits on a clock that stands still:
      // the browser says so, and only that can start the console.
      await phonePage.getByText(retryingWithin(16)).waitFor({ timeout: 30_000 });
      failing = false;
      await phone.setOffline(true);
      await phone.setOffline(false);
      await phonePage.getByRole('button', { name: 'Inloggen' }).waitFor({ timeout: 5_000 });
      expect(await phonePage.getByText('Het platform is niet bereikbaar').count()).toBe(0);
    } finally {
      await phone.close();
    }
  });

  it('on a phone: the failed save and panel are readable, and the block saves by itself once the server is back', async () => {
    const phone = await newPhoneContext(browser);
    try {
      const phonePage = await phone.newPage();
      await signInWithRedirect(phonePage, server.url, ANNE);
      const publicationId = await publicationWithBlock(
        phonePage,
        `Server weg telefoon ${Date.now().toString(36)}`,
      );
      const title = await openFirstBlock(phonePage, server.url, publicationId);

      await server.halt();
      await title.fill('Markt op zaterdag');
      await expect
        .poll(() => saveStatus(phonePage).textContent(), { timeout: 20_000 })
        .toBe(waitingForServer);
      await saveStatus(phonePage).scrollIntoViewIfNeeded();
      await screenshot(phonePage, 'server-away-block-phone');
      expect(await axeViolations(phonePage, 'main')).toEqual([]);

      await phonePage.getByRole('button', { name: 'Blok toevoegen', exact: true }).click();
      const panel = addBlockPanel(phonePage);
      await panel.getByText(unreachable).waitFor({ timeout: 20_000 });
      await animationsSettled(phonePage);
      await screenshot(phonePage, 'server-away-panel-phone');
      expect(await axeViolations(phonePage, '[role="dialog"]')).toEqual([]);
      await panel.getByRole('button', { name: 'Sluiten', exact: true }).click();
      await panel.waitFor({ state: 'detached' });
      expect(await title.inputValue()).toBe('Markt op zaterdag');

      await server.resume();
      // The block saves by itself once the server answers: no click needed.
      await expect.poll(() => saveStatus(phonePage).textContent(), { timeout: 30_000 }).toBe('Opgeslagen');
      expect((await blocksOf(phonePage, publicationId))[0].content.title).toBe('Markt op zaterdag');
    } finally {
      await phone.close();
    }
  });
});
