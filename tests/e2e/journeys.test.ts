import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import {
  animationsSettled,
  newDesktopContext,
  newPhoneContext,
  releaseBrowser,
  screenshot,
  workerBrowser,
} from './support/browser';
import { apiAsBrowser } from './support/browserApi';
import { caughtMailUrl } from './support/caughtMail';
import { signIn, signInWithPopup, signInWithRedirect } from './support/signIn';

// 'Welkom' built in the console and run by the real server: a subscriber added to the trigger list gets
// A (in the embedded catcher), the test-only clock endpoint moves two days on, and the condition's 'Nee'
// sends C. The condition is the issue's 'clicked in A?' ('Geklikt in publicatie', offered because the
// environment measures per person, pseudonymised, for this test); nobody clicks, so 'Nee' it is.

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Picks an option of the labelled select within `scope` (the options open in a popup on the page). A
 * string option is matched whole: other files on the shared server add look-alikes such as
 * 'Nieuwsbrief januari 2025 (kopie)' (deliverChecks.test.ts), which a substring match would pick too.
 */
async function choose(page: Page, scope: Locator | Page, label: string, option: string | RegExp) {
  // A select's name is its label followed by the value shown.
  await scope.getByRole('combobox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) }).click();
  const name = typeof option === 'string' ? new RegExp(`^${escapeRegExp(option)}$`) : option;
  await page.getByRole('option', { name }).first().click();
}

/** 'Activeren', confirmed in its dialog: from then on the journey sends mail. */
async function activate(page: Page, name: string) {
  await page.getByRole('button', { name: 'Activeren' }).click();
  const dialog = page.getByRole('dialog', { name: `${name} activeren` });
  await dialog.getByRole('button', { name: 'Activeren' }).click();
  await page.getByText('De journey is geactiveerd.').waitFor();
}

describe("journeys: 'Welkom' from the console to the catcher", () => {
  let context: BrowserContext;
  let page: Page;
  const suffix = Date.now().toString(36);
  const listTitle = `Welkomlijst ${suffix}`;
  const address = `welkom-${suffix}@voorbeeld.nl`;
  let journeyUrl = '';

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
    await apiAsBrowser(page, 'POST', `/list/manual?title=${encodeURIComponent(listTitle)}`);
    await apiAsBrowser(page, 'PUT', '/measuring', {
      mode: 'Per persoon gepseudonimiseerd',
      legalBasis: null,
    });
  });
  afterAll(async () => {
    await apiAsBrowser(page, 'PUT', '/measuring', { mode: 'Alleen totalen', legalBasis: null });
    await context?.close();
  });

  it("builds 'Welkom' (trigger, A, wait 2 days, condition with Ja: B and Nee: C) and activates it", async () => {
    await page.getByRole('link', { name: 'Journeys' }).click();
    await page.getByRole('button', { name: 'Nieuwe journey' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Nieuwe journey' });
    await panel.getByLabel(/^Naam/).fill(`Welkom ${suffix}`);
    await panel.getByRole('button', { name: 'Toevoegen' }).click();
    await page.getByRole('heading', { name: `Welkom ${suffix}`, level: 2 }).waitFor();
    journeyUrl = page.url();

    await page.getByRole('button', { name: 'Trigger toevoegen' }).click();
    await choose(
      page,
      page.getByRole('region', { name: 'Trigger 1: Toegevoegd aan lijst' }),
      'Lijst',
      listTitle,
    );

    await page.getByRole('button', { name: 'Stap toevoegen' }).click();
    // A new step is named after its kind, and a send step then after its publication.
    const added = page.getByRole('region', { name: 'Verstuur publicatie (verstuur-publicatie)' });
    await choose(page, added, 'Publicatie', 'Nieuwsbrief januari 2025');
    const a = page.getByRole('region', { name: 'Verstuur publicatie (nieuwsbrief-januari-2025)' });
    await choose(page, a, 'Sjabloon', 'Standaard');

    await choose(page, page, 'Soort (stap toevoegen)', 'Wacht');
    await page.getByRole('button', { name: 'Stap toevoegen' }).click();
    await page.getByRole('region', { name: 'Wacht (wacht)' }).getByLabel('Dagen', { exact: true }).fill('2');

    await choose(page, page, 'Soort (stap toevoegen)', 'Voorwaarde');
    await page.getByRole('button', { name: 'Stap toevoegen' }).click();
    const check = page.getByRole('region', { name: 'Voorwaarde (voorwaarde)' });
    await choose(page, check, 'Voorwaarde op', 'Geklikt in publicatie');
    await choose(page, check, 'Publicatie', 'Nieuwsbrief januari 2025');
    await check.getByText(/Openen wordt niet aangeboden/).waitFor();

    // Two branches, each with its own 'Stap toevoegen': Ja first, then Nee.
    await page.getByRole('button', { name: 'Stap toevoegen' }).nth(0).click();
    await choose(page, added, 'Publicatie', 'Nieuwsbrief februari 2025');
    const b = page.getByRole('region', { name: 'Verstuur publicatie (nieuwsbrief-februari-2025)' });
    await choose(page, b, 'Sjabloon', 'Standaard');
    await page.getByRole('button', { name: 'Stap toevoegen' }).nth(1).click();
    await choose(page, added, 'Publicatie', 'Uitnodiging bewonersavond Stationsgebied');
    const c = page.getByRole('region', { name: 'Verstuur publicatie (uitnodiging-bewonersavond)' });
    await choose(page, c, 'Sjabloon', 'Uitnodiging');

    expect(await axeViolations(page, 'main')).toEqual([]);
    await activate(page, `Welkom ${suffix}`);
    await page.getByRole('button', { name: 'Pauzeren' }).waitFor();
  });

  it('sends A to a person added to the list, and after two days C (the Nee branch)', async () => {
    const lists = await apiAsBrowser<Array<{ id: string; title: string }>>(page, 'GET', '/lists/');
    const list = lists.find((candidate) => candidate.title === listTitle)!;
    await apiAsBrowser(page, 'POST', `/list/manual/${list.id}/subscriber`, {
      name: 'Welkom Tester',
      email: address,
      city: 'Elders',
    });

    await page.goto(caughtMailUrl(baseUrl, address));
    const rows = page.getByRole('row', { name: new RegExp(address) });
    await expect
      .poll(
        async () => {
          // Counted once the page's reads are done, not while the table is still loading.
          await page.reload({ waitUntil: 'networkidle' });
          return rows.count();
        },
        { timeout: 60_000 },
      )
      .toBe(1);

    await apiAsBrowser(page, 'POST', '/journeys-test-clock/advance', { minutes: 2 * 24 * 60 });
    await expect
      .poll(
        async () => {
          // Counted once the page's reads are done, not while the table is still loading.
          await page.reload({ waitUntil: 'networkidle' });
          return rows.count();
        },
        { timeout: 60_000 },
      )
      .toBe(2);
    await page
      .getByRole('row', { name: /bewonersavond/i })
      .filter({ hasText: address })
      .first()
      .waitFor();
  });

  it("shows the person's timeline and the steps' counts", async () => {
    await page.goto(journeyUrl);
    const c = page.getByRole('region', { name: 'Verstuur publicatie (uitnodiging-bewonersavond)' });
    await c.getByText('Gepasseerd: 1').waitFor();
    await page
      .getByRole('region', { name: 'Verstuur publicatie (nieuwsbrief-februari-2025)' })
      .getByText('Gepasseerd: 0')
      .waitFor();
    await page.getByLabel('E-mailadres').fill(address);
    await page.getByRole('button', { name: 'Tijdlijn tonen' }).click();
    const timeline = page.getByRole('list', { name: 'Tijdlijn' });
    await timeline.getByText(/Voorwaarde \(voorwaarde\): Nee/).waitFor();
    expect(await timeline.getByText('Publicatie verzonden.').count()).toBe(2);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it("'Nu starten' puts a list into a journey with the 'Handmatig' trigger once it is active", async () => {
    const lists = await apiAsBrowser<Array<{ id: string; title: string }>>(page, 'GET', '/lists/');
    expect(lists.some((candidate) => candidate.title === listTitle)).toBe(true);
    const journey = await apiAsBrowser<{ id: string }>(page, 'POST', '/journeys', {
      name: `Handmatig ${suffix}`,
    });
    await apiAsBrowser(page, 'PUT', `/journeys/${journey.id}`, {
      graph: {
        triggers: [{ kind: 'manual' }],
        start: 'einde',
        steps: [{ id: 'einde', kind: 'end' }],
        settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
      },
    });
    await page.goto(`${baseUrl}/journeys/${journey.id}`);
    const trigger = page.getByRole('region', { name: 'Trigger 1: Handmatig' });
    await trigger.getByText('Nu starten kan zodra de journey actief is.').waitFor();
    await activate(page, `Handmatig ${suffix}`);
    await choose(page, trigger, 'Lijst of doelgroep', `Lijst: ${listTitle}`);
    await trigger.getByRole('button', { name: 'Nu starten' }).click();
    await page.getByText('1 persoon opgenomen in de journey.').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  it("'Stoppen' asks first (it cannot be undone), and stops the journey only when confirmed", async () => {
    await page.goto(journeyUrl);
    const header = page.getByRole('heading', { name: `Welkom ${suffix}`, level: 2 });
    await header.waitFor();
    await page.getByRole('button', { name: 'Stoppen' }).click();
    const dialog = page.getByRole('dialog', { name: `Welkom ${suffix} stoppen` });
    await dialog.getByText(/Dit kun je niet ongedaan maken/).waitFor();
    // Checked once faded in: half-way its red button is paler than it will be.
    await animationsSettled(page);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const id = journeyUrl.split('/').pop()!;
    expect((await apiAsBrowser<{ state: string }>(page, 'GET', `/journeys/${id}`)).state).toBe('Actief');

    await page.getByRole('button', { name: 'Stoppen' }).click();
    await dialog.getByRole('button', { name: 'Stoppen' }).click();
    await page.getByText('De journey is gestopt.').waitFor();
    expect((await apiAsBrowser<{ state: string }>(page, 'GET', `/journeys/${id}`)).state).toBe('Gestopt');
    await page.getByRole('button', { name: 'Pauzeren' }).waitFor({ state: 'detached' });
  });
});

const viewports = [
  { name: 'desktop', size: '1366x768', open: newDesktopContext, signIn: signInWithPopup },
  { name: 'phone', size: '390x844', open: newPhoneContext, signIn: signInWithRedirect },
] as const;

describe.each(viewports)("a journey's page at $size", (viewport) => {
  let context: BrowserContext;
  let page: Page;
  const suffix = `${viewport.name}-${Date.now().toString(36)}`;
  const address = `loper-${suffix}@voorbeeld.nl`;
  let journeyId = '';
  let listId = '';

  beforeAll(async () => {
    context = await viewport.open(browser);
    page = await context.newPage();
    await viewport.signIn(page, baseUrl, 'anne@voorbeeld.nl');
    const list = await apiAsBrowser<{ id: string }>(
      page,
      'POST',
      `/list/manual?title=${encodeURIComponent(`Lopers ${suffix}`)}`,
    );
    listId = list.id;
    await apiAsBrowser(page, 'POST', `/list/manual/${listId}/subscriber`, { name: 'Loper', email: address });
    const journey = await apiAsBrowser<{ id: string }>(page, 'POST', '/journeys', {
      name: `Lopers ${suffix}`,
    });
    journeyId = journey.id;
  });
  afterAll(async () => {
    await context?.close();
  });

  it("offers a send step only its publication's templates; the API refuses another type's, naming the step", async () => {
    await page.goto(`${baseUrl}/journeys/${journeyId}`);
    await page.getByRole('button', { name: 'Stap toevoegen' }).click();
    await choose(
      page,
      page.getByRole('region', { name: 'Verstuur publicatie (verstuur-publicatie)' }),
      'Publicatie',
      'Nieuwsbrief januari 2025',
    );
    const send = page.getByRole('region', { name: 'Verstuur publicatie (nieuwsbrief-januari-2025)' });
    await send.getByRole('combobox', { name: /^Sjabloon/ }).click();
    await page.getByRole('option', { name: 'Standaard', exact: true }).waitFor();
    const offered = await page.getByRole('option').allTextContents();
    expect(offered).toContain('Standaard');
    expect(offered).not.toContain('Uitnodiging');
    await animationsSettled(page);
    await screenshot(page, `journey-templates-${viewport.name}`);
    await page.getByRole('option', { name: 'Standaard', exact: true }).click();

    const types = await apiAsBrowser<Array<{ name: string; templates: Array<{ id: string; name: string }> }>>(
      page,
      'GET',
      '/publicationtypes/',
    );
    const invitation = types.find((type) => type.name === 'Uitnodiging')!.templates[0];
    const publications = await apiAsBrowser<{ data: Array<{ id: string; name: string }> }>(
      page,
      'GET',
      '/publications/',
    );
    const january = publications.data.find((publication) => publication.name === 'Nieuwsbrief januari 2025')!;
    await expect(
      apiAsBrowser(page, 'PUT', `/journeys/${journeyId}`, {
        graph: {
          triggers: [{ kind: 'manual' }],
          start: 'welkomstmail',
          steps: [{ id: 'welkomstmail', kind: 'send', publicationId: january.id, templateId: invitation.id }],
          settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
        },
      }),
    ).rejects.toThrow(/: 400 .*Stap 'welkomstmail': het sjabloon/);
  });

  it('follows people through the steps without a reload while they move (declared polling)', async () => {
    await apiAsBrowser(page, 'PUT', `/journeys/${journeyId}`, {
      graph: {
        triggers: [{ kind: 'manual' }],
        start: 'wacht',
        steps: [
          { id: 'wacht', kind: 'wait', wait: { type: 'duration', minutes: 60 }, next: 'einde' },
          { id: 'einde', kind: 'end' },
        ],
        settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
      },
    });
    await apiAsBrowser(page, 'POST', `/journeys/${journeyId}/publish`, {});
    await apiAsBrowser(page, 'POST', `/journeys/${journeyId}/enroll`, { listId });
    await page.goto(`${baseUrl}/journeys/${journeyId}`);
    const wait = page.getByRole('region', { name: 'Wacht (wacht)' });
    // The ticker takes the new person to the wait within its 5 s round.
    await wait.getByText('Nu hier: 1 · Gepasseerd: 0').waitFor({ timeout: 30_000 });

    // The hour passes on the server; the page, not reloaded, follows.
    await apiAsBrowser(page, 'POST', '/journeys-test-clock/advance', { minutes: 61 });
    await wait.getByText('Nu hier: 0 · Gepasseerd: 1').waitFor({ timeout: 30_000 });
    await screenshot(page, `journey-counts-${viewport.name}`);
  });

  it("shows 'Trigger toevoegen' whole, beside or below its kind, never cut off or over it", async () => {
    await page.goto(`${baseUrl}/journeys/${journeyId}`);
    const add = page.getByRole('button', { name: 'Trigger toevoegen' });
    await add.waitFor();
    await add.scrollIntoViewIfNeeded();
    await animationsSettled(page);
    const kind = page.getByRole('combobox', { name: /^Soort \(trigger toevoegen\)/ });
    const [button, select] = [(await add.boundingBox())!, (await kind.boundingBox())!];
    const width = page.viewportSize()!.width;
    expect(button.x).toBeGreaterThanOrEqual(0);
    expect(button.x + button.width).toBeLessThanOrEqual(width);
    // Its text fits inside it (not clipped or wrapped under its neighbour).
    expect(await add.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const apart = button.x >= select.x + select.width || button.y >= select.y + select.height;
    expect(apart, 'the button does not overlap the kind').toBe(true);
    await screenshot(page, `journey-add-trigger-${viewport.name}`);
  });
});
