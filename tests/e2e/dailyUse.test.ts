import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { apiAsBrowser } from './support/browserApi';
import {
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  newPhoneContext,
  screenshot,
} from './support/browser';
import { ANNE, signIn, signInWithRedirect, waitForConsole } from './support/signIn';

// Daily use with a keyboard and on a phone (issue 30): where the focus lands, what the tab says, a new
// tab that needs no second sign-in, and a public form that speaks Dutch instead of browser bubbles.

const baseUrl = sharedServerUrl();
const env = environmentIds.zuiderveen;
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** The id of the element that has the keyboard focus, or its tag and text when it has none. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return '';
    return element.id || `${element.tagName}:${element.textContent?.trim().slice(0, 40) ?? ''}`;
  });
}

describe('the console with a keyboard (1366x768)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('puts the focus on the page heading after sign-in and after opening a row', async () => {
    // Signed in: the publications' heading has the focus, not the top of the document.
    await expect.poll(() => focused(page)).toBe('react-admin-title');

    const januaryNewsletter = page.getByRole('link', { name: 'Nieuwsbrief januari 2025', exact: true });
    await januaryNewsletter.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/publications/${publicationIds.publications.januaryNewsletter}`);
    await expect.poll(() => focused(page)).toBe('react-admin-title');
    const heading = page.locator('#react-admin-title');
    expect(await heading.evaluate((element) => element.tagName)).toBe('H1');
  });

  it("names the record in the page bar and the browser tab ('Nieuwsbrief januari 2025 — Publicatie')", async () => {
    await page.goto(`${baseUrl}/publications/${publicationIds.publications.januaryNewsletter}`);
    await expect
      .poll(() => page.title())
      .toBe('Nieuwsbrief januari 2025 — Publicatie – Digitaal publicatie platform');
    expect(await page.locator('#react-admin-title').textContent()).toBe(
      'Nieuwsbrief januari 2025 — Publicatie',
    );
  });

  it('shows one 3 px focus ring on sidebar items, text buttons and table links alike', async () => {
    await page.goto(`${baseUrl}/publications/`);
    await page.getByRole('link', { name: 'Nieuwsbrief januari 2025', exact: true }).waitFor();
    const ringOf = async (locator: ReturnType<Page['locator']>) => {
      await locator.focus();
      // Focus by script shows no ring; the keyboard's does: Shift+Tab and Tab come back to it.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      return locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
    };
    const ring = 'solid 3px';
    expect(await ringOf(page.getByRole('link', { name: 'Media', exact: true }))).toBe(ring);
    expect(await ringOf(page.getByRole('button', { name: 'Nieuwe Publicatie' }))).toBe(ring);
    expect(await ringOf(page.getByRole('link', { name: 'Nieuwsbrief januari 2025', exact: true }))).toBe(
      ring,
    );
  });

  it('gives a Jobs row one link per target, each with its own name', async () => {
    await page.goto(`${baseUrl}/jobs/`);
    const row = page.locator('main table tbody tr').first();
    await row.waitFor();
    const links = await row.getByRole('link').evaluateAll((elements) =>
      elements.map((element) => ({
        name: element.textContent?.trim() ?? '',
        href: element.getAttribute('href') ?? '',
      })),
    );
    expect(links).toHaveLength(2);
    expect(new Set(links.map((link) => link.name)).size).toBe(2);
    expect(links[0].href).toMatch(/^\/jobs\//);
    expect(links[1].href).toMatch(/^\/publications\//);
    // No link inside a link.
    expect(await row.locator('a a').count()).toBe(0);
  });

  it("puts the focus in the new block's first field after 'Blok toevoegen'", async () => {
    const publicationId = await apiAsBrowser<string>(page, 'POST', '/publications/', {
      name: 'Focus na blok toevoegen',
      publicationTypeId: publicationIds.types.zuiderveenNewsletter,
    });
    await page.goto(`${baseUrl}/publications/${publicationId}`);
    await page.getByRole('button', { name: 'Blok toevoegen', exact: true }).click();
    const panel = page.getByRole('dialog', { name: /Blok toevoegen/ });
    await panel.getByRole('radio', { name: 'Artikel' }).check();
    await panel.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
    await expect
      .poll(() =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          const editor = element?.closest('[id^="block-editor-"]');
          return editor ? `${element?.tagName}:${element?.getAttribute('aria-label') ?? ''}` : 'elsewhere';
        }),
      )
      .toMatch(/^(INPUT|TEXTAREA|DIV):/);
    // Typing goes straight into the field.
    await page.keyboard.type('Nieuw artikel');
    await page.getByRole('textbox', { name: 'Titel' }).first().waitFor();
    expect(await page.getByRole('textbox', { name: 'Titel' }).first().inputValue()).toBe('Nieuw artikel');
  });

  it('opens the console in a new tab without asking to sign in again', async () => {
    const tab = await context.newPage();
    try {
      await tab.goto(`${baseUrl}/recievers/`);
      await waitForConsole(tab);
      expect(await tab.getByRole('button', { name: 'Inloggen' }).count()).toBe(0);
      expect(new URL(tab.url()).pathname).toBe('/recievers/');
      await screenshot(tab, 'new-tab-signed-in');
    } finally {
      await tab.close();
    }
  });
});

describe("detail pages' tables on a phone (390x844)", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newPhoneContext(browser);
    page = await context.newPage();
    await signInWithRedirect(page, baseUrl, ANNE);
  });
  afterAll(async () => {
    await context?.close();
  });

  // The seed's longest address (info@tandartsenpraktijkglimlach.example.nl) is on each of these pages.
  it.each([
    ['a delivery job', `/jobs/${publicationIds.deliveryJob}`, 'job-recipients-phone'],
    [
      'an invitation',
      `/publications/${publicationIds.publications.residentsEvening}/rsvp`,
      'rsvp-invitees-phone',
    ],
    ['a list', `/recievers/lists/${receiverIds.lists.entrepreneurs}`, 'list-subscribers-phone'],
  ])('fits the table of %s in its card, with nothing wider than the screen', async (_page, path, name) => {
    await page.goto(`${baseUrl}${path}`);
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: /tandartsenpraktijkglimlach/ }).waitFor();
    await screenshot(page, name);
    const widths = await table.evaluate((element) => ({
      table: element.getBoundingClientRect().width,
      card: element.parentElement!.getBoundingClientRect().width,
      page: document.documentElement.scrollWidth,
    }));
    expect(widths.table).toBeLessThanOrEqual(widths.card);
    expect(widths.page).toBeLessThanOrEqual(390);
  });
});

describe('the public form', () => {
  let context: BrowserContext;
  let page: Page;
  let formPath: string;

  beforeAll(async () => {
    // A form of its own with a required choice and a required name, so no other test closes it.
    const staff = await newDesktopContext(browser);
    try {
      const staffPage = await staff.newPage();
      await signIn(staffPage, baseUrl);
      const flowId = await apiAsBrowser<string>(staffPage, 'POST', '/flows', {
        name: 'Dagelijks gebruik',
        title: 'Kom je naar de buurtborrel?',
      });
      const choice = await apiAsBrowser<{ id: string }>(staffPage, 'POST', `/flows/${flowId}/fields`, {
        label: 'Kom je?',
        type: 0,
      });
      await apiAsBrowser(staffPage, 'POST', `/flows/${flowId}/fields/${choice.id}/options`, {
        label: 'Ja',
        maxAnswers: 0,
      });
      await apiAsBrowser(staffPage, 'POST', `/flows/${flowId}/fields`, { label: 'Je naam', type: 1 });
      formPath = `/f/${env}/${flowId}`;
    } finally {
      await staff.close();
    }
    context = await newPhoneContext(browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it("answers an empty submission with its own Dutch messages, not the browser's bubbles", async () => {
    await page.goto(`${baseUrl}${formPath}`);
    // The name is one line, not a text area.
    const name = page.getByLabel('Je naam');
    expect(await name.evaluate((element) => element.tagName)).toBe('INPUT');
    await page.getByRole('button', { name: 'Versturen' }).click();
    // The browser let the form go (novalidate): the server's page names each problem in Dutch.
    await page.getByRole('heading', { name: 'Er is een probleem' }).waitFor();
    await page.getByRole('link', { name: "Kies een antwoord bij 'Kom je?'." }).waitFor();
    await page.getByRole('link', { name: "Vul een antwoord in bij 'Je naam'." }).waitFor();
    await screenshot(page, 'public-form-dutch-messages');
  });
});
