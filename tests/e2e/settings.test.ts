import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import {
  DESKTOP,
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  PHONE,
  screenshot,
} from './support/browser';
import { signIn, signInWithRedirect, ANNE } from './support/signIn';

const baseUrl = sharedServerUrl();
const logoFileId = '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e01'; // logo-zuiderveen.png of the demo seed
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

type Json = Record<string, unknown>;

/** An API call with the page's own session, for setting up and putting the demo theme back. */
async function api(page: Page, method: string, path: string, body?: Json): Promise<unknown> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(sessionStorage.getItem('dpp.session') ?? '{}') as {
        accessToken: string;
        environmentId: string;
      };
      const response = await fetch(`/api/1/${session.environmentId}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          'x-environment-id': session.environmentId,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return response.status === 204 ? null : response.json();
    },
    { method, path, body },
  );
}

const saved = (page: Page) => page.getByText('De instellingen zijn opgeslagen.').waitFor();

describe('settings: the environment’s theme', () => {
  let context: BrowserContext;
  let page: Page;
  let original: Json;

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
    original = (await api(page, 'GET', '/themes')) as Json;
  });
  // The other end-to-end tests share the demo environment: its theme goes back as it was.
  afterAll(async () => {
    if (page && original) {
      const { id, name: _name, ...fields } = original;
      await api(page, 'PUT', `/themes/${String(id)}`, fields);
      const fonts = (await api(page, 'GET', `/themes/${String(id)}/fonts`)) as { data: { id: string }[] };
      for (const font of fonts.data) await api(page, 'DELETE', `/themes/${String(id)}/fonts/${font.id}`);
    }
    await context?.close();
  });

  it('removes the logo and chooses it again through the image picker; the sidebar follows at once', async () => {
    await page.goto(`${baseUrl}/settings/logo`);
    const sidebar = page.locator('aside');
    await sidebar.getByRole('img', { name: 'Logo van Gemeente Zuiderveen' }).waitFor();
    await page.getByRole('button', { name: 'Logo verwijderen' }).click();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await saved(page);
    await sidebar.getByRole('img', { name: 'Geen logo' }).waitFor();

    await page.getByRole('button', { name: 'Kiezen' }).click();
    const picker = page.getByRole('dialog', { name: 'Selecteer een bestand' });
    await picker.getByText('Alleen afbeeldingen worden getoond.', { exact: false }).waitFor();
    await picker.getByRole('button', { name: "Map Logo's openen" }).click();
    await picker.getByTestId('media-tile-file').filter({ hasText: 'logo-zuiderveen' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByTestId('publication-logo-preview').getByRole('img').waitFor();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await saved(page);
    const logo = sidebar.getByRole('img', { name: 'Logo van Gemeente Zuiderveen' });
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toContain(`${logoFileId}.png?w=80&h=80`);
  });

  it('warns about a text colour that fails contrast, clears the warning once fixed, and the console wears the new primary colour', async () => {
    await page.goto(`${baseUrl}/settings/colors`);
    const text = page.getByRole('textbox', { name: /^Tekstkleur\s*\*?$/ });
    await expect.poll(() => text.inputValue()).toMatch(/^#[0-9a-f]{6}$/i);
    await text.fill('#aaaaaa');
    const warning = page.getByText(/Contrast [0-9,]+:1 is te laag/);
    await warning.waitFor();
    await screenshot(page, 'settings-colors-contrast-warning');
    await text.fill('#2b2b2b');
    await warning.waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: /^Primaire kleur\s*\*?$/ }).fill('#0b6e4f');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await saved(page);
    // The link back is in the console's primary colour (the save button under the mouse shows its hover shade).
    const back = page.getByRole('link', { name: 'Alle instellingen' });
    await expect.poll(() => back.evaluate((link) => getComputedStyle(link).color)).toBe('rgb(11, 110, 79)');
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Tekstkleur\s*\*?$/ }).inputValue())
      .toBe('#2b2b2b');
  });

  it('refuses a web font URL that is no stylesheet in Dutch, adds the font, previews it as heading font and keeps it while in use', async () => {
    await page.goto(`${baseUrl}/settings/typography`);
    await page.getByRole('button', { name: 'Webfont toevoegen' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Webfont toevoegen' });
    await panel.getByLabel(/^Naam/).fill('Lobster');
    await panel.getByLabel(/^URL/).fill('https://fonts.example.org/lobster');
    await panel.getByRole('button', { name: 'Toevoegen' }).click();
    await panel
      .getByText(/URL moet een volledige https:\/\/-URL naar een CSS-bestand zijn/)
      .first()
      .waitFor();
    await panel.getByLabel(/^URL/).fill('https://fonts.googleapis.com/css2?family=Lobster');
    await panel.getByRole('button', { name: 'Toevoegen' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Lobster', exact: true }).waitFor();

    await page.getByRole('combobox', { name: /^Lettertype van koppen/ }).click();
    await page.getByRole('option', { name: 'Lobster (webfont)' }).click();
    const heading = page.getByTestId('typography-preview-heading');
    await expect
      .poll(() => heading.evaluate((element) => getComputedStyle(element).fontFamily))
      .toMatch(/^"?Lobster/);
    expect(await page.locator('link[data-web-font]').getAttribute('href')).toBe(
      'https://fonts.googleapis.com/css2?family=Lobster',
    );
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await saved(page);

    await page
      .getByRole('row')
      .filter({ hasText: 'Lobster' })
      .getByRole('button', { name: 'Verwijderen' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await page
      .getByText('Deze webfont wordt gebruikt door de typografie van het thema', { exact: false })
      .waitFor();
    expect(await page.getByRole('cell', { name: 'Lobster', exact: true }).count()).toBe(1);
  });

  it('refuses advanced CSS with an @import and says why, then saves valid CSS', async () => {
    await page.goto(`${baseUrl}/settings/advanced`);
    const editor = page.getByLabel('CSS-regels');
    await editor.fill('h1 { letter-spacing: 0.02em; }\n@import url("https://fonts.example.org/a.css");');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    // The reason shows once, under the editor (the field it names), and is announced.
    const reason = page.getByRole('alert').filter({ hasText: '@import' }).first();
    await reason.waitFor();
    expect(await reason.textContent()).toMatch(/Regel 2/);
    expect(await page.getByTestId('css-line-numbers').locator('[data-error-line]').textContent()).toBe('2');
    await screenshot(page, 'settings-advanced-refused');

    await editor.fill('h1 { letter-spacing: 0.02em; }\n.intro { font-style: italic; }');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await saved(page);
    const theme = (await api(page, 'GET', '/themes')) as Json;
    expect(theme.advancedCss).toBe('h1 { letter-spacing: 0.02em; }\n.intro { font-style: italic; }');
  });
});

const settingsPages = [
  '/settings/',
  '/settings/logo',
  '/settings/colors',
  '/settings/typography',
  '/settings/advanced',
];
/** axe-core's serious and critical findings on the page as it is (the shared helper, WCAG 2.1 A and AA). */
async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.html}`);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('settings pages on a %s', (device, viewport) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // axe is injected as a script; the console's Content-Security-Policy would refuse it.
    context = await browser.newContext({
      ignoreHTTPSErrors: true,
      viewport,
      locale: 'nl-NL',
      bypassCSP: true,
    });
    page = await context.newPage();
    if (device === 'phone') await signInWithRedirect(page, baseUrl, ANNE);
    else await signIn(page, baseUrl);
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(settingsPages)('shows %s without serious accessibility problems', async (path) => {
    await page.goto(`${baseUrl}${path}`);
    await page
      .getByRole('button', { name: path === '/settings/' ? /./ : 'Opslaan' })
      .first()
      .waitFor();
    if (path === '/settings/') await page.getByRole('link', { name: /^Geavanceerd/ }).waitFor();
    await page.getByText('Gegevens worden geladen…').waitFor({ state: 'detached' });
    await screenshot(
      page,
      `settings-${device}${path.replace(/\/$/, '').replace('/settings', '') || '-overview'}`.replace(
        '/',
        '-',
      ),
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("shows the 'Webfont toevoegen' panel without serious accessibility problems", async () => {
    await page.goto(`${baseUrl}/settings/typography`);
    await page.getByRole('button', { name: 'Webfont toevoegen' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Webfont toevoegen' });
    await panel.getByRole('button', { name: 'Toevoegen' }).click();
    await panel.getByText('Naam is een verplicht veld').waitFor();
    await screenshot(page, `settings-${device}-add-web-font`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
