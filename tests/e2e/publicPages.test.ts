import { createServer, type Server } from 'node:https';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { seriousFindings } from './support/axe';
import {
  animationsSettled,
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  newPhoneContext,
  screenshot,
} from './support/browser';
import { signIn, waitForConsole } from './support/signIn';

// The pages people see without signing in, in real Chromium: the public form, the unsubscribe page and
// a recipient's web version wear the environment's theme — its logo, colours and the web font chosen in
// the settings — with no Content-Security-Policy violation, at desktop and phone size, and axe finds
// nothing serious. The machine has no internet, so the web font's stylesheet and font file are served
// here, over https from 127.0.0.1 (its own host, as a self-hosted font would be): the theme links it,
// the pages' CSP must allow exactly that host, and Chromium must load the font.

const baseUrl = sharedServerUrl();
const env = environmentIds.zuiderveen;
const fontFamily = 'Huisletter E2E';
let browser: Browser;

/** An https server on 127.0.0.1 with a font stylesheet and its font file (a font file playwright-core ships). */
async function startFontHost(): Promise<{ url: string; server: Server }> {
  const assets = join(
    dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')),
    'lib/vite/recorder/assets',
  );
  const fontFile = readdirSync(assets).find((name) => name.endsWith('.ttf'));
  if (!fontFile) throw new Error(`no .ttf font in ${assets}`);
  const font = readFileSync(join(assets, fontFile));
  const { generate } = await import('selfsigned');
  const certificate = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const server = createServer({ key: certificate.private, cert: certificate.cert }, (request, response) => {
    const headers = { 'access-control-allow-origin': '*' };
    if (request.url === '/huisletter.css') {
      response.writeHead(200, { ...headers, 'content-type': 'text/css' });
      response.end(`@font-face{font-family:'${fontFamily}';src:url(/huisletter.ttf) format('truetype');}`);
    } else if (request.url === '/huisletter.ttf') {
      response.writeHead(200, { ...headers, 'content-type': 'font/ttf' });
      response.end(font);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * A call to the API as the signed-in console user (the session's token), from the console's page. The
 * end-to-end server's tokens live 30 s: a call that finds the token expired lets the console renew it
 * (a reload signs in silently) and tries once more.
 */
async function callApi<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const answer = await callApiOnce<T>(page, method, path, body);
  if (answer.status !== 401) return answer;
  await page.reload();
  await waitForConsole(page);
  return callApiOnce<T>(page, method, path, body);
}

async function callApiOnce<T>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(sessionStorage.getItem('dpp.session') ?? '{}') as {
        accessToken: string;
        environmentId: string;
      };
      const response = await fetch(`/api/1/${session.environmentId}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${session.accessToken}`,
          'X-Environment-Id': session.environmentId,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, path, body },
  );
}

interface Theme {
  id: string;
  primaryColor: string;
  secondaryColor: string | null;
  backgroundColor: string | null;
  bodyFont: string;
  headingFont: string;
  fileIdToLogo: string | null;
}

/** Every CSP violation Chromium reports on a page: the page's own event and the console's message. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function reportedViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

/**
 * The theme on the page as Chromium shows it: the font's stylesheet linked, the logo loaded, the web font
 * loaded and used by the text `textSelector` finds.
 */
async function expectThemed(page: Page, fontHost: string, textSelector = 'main p') {
  expect(await page.locator('link[rel=stylesheet]').getAttribute('href')).toBe(`${fontHost}/huisletter.css`);
  const logo = page.locator('img').first();
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
    .toBeGreaterThan(0);
  expect(await logo.getAttribute('alt')).toBe('Gemeente Zuiderveen');
  const font = await page.evaluate(
    async ({ family, selector }) => {
      await document.fonts.ready;
      const text = document.querySelector(selector);
      return {
        loaded: [...document.fonts].some(
          (face) => face.family.replace(/["']/g, '') === family && face.status === 'loaded',
        ),
        family: text ? getComputedStyle(text).fontFamily : '',
      };
    },
    { family: fontFamily, selector: textSelector },
  );
  expect(font.loaded).toBe(true);
  expect(font.family.replace(/["']/g, '')).toMatch(new RegExp(`^${fontFamily},`));
}

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)).join(', ')})`;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('public pages in the theme', () => {
  let fontHost: { url: string; server: Server };
  let context: BrowserContext;
  let page: Page;
  let theme: Theme;
  let original: Theme;
  let fontId = '';
  let flowId = '';
  const formName = `Inloop ${Date.now().toString(36)}`;

  beforeAll(async () => {
    fontHost = await startFontHost();
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
    original = (await callApi<Theme>(page, 'GET', '/themes')).body;
    const font = await callApi<{ id: string }>(page, 'POST', `/themes/${original.id}/fonts`, {
      fontIdentifier: fontFamily,
      srcUrl: `${fontHost.url}/huisletter.css`,
    });
    expect(font.status).toBe(201);
    fontId = font.body.id;
    const changed = await callApi<Theme>(page, 'PUT', `/themes/${original.id}`, {
      bodyFont: fontId,
      headingFont: fontId,
    });
    expect(changed.status).toBe(200);
    theme = changed.body;
    expect(theme.fileIdToLogo).not.toBeNull();
    const flow = await callApi<string>(page, 'POST', '/flows', {
      name: formName,
      title: 'Inloopavond bibliotheek',
      description: 'Vertel ons of je komt.\n\nJe opmerking mag je leeg laten.',
    });
    flowId = flow.body;
  });
  afterAll(async () => {
    // Leave the demo theme as other tests know it.
    if (original && page) {
      await callApi(page, 'PUT', `/themes/${original.id}`, {
        bodyFont: original.bodyFont,
        headingFont: original.headingFont,
      });
      if (fontId) await callApi(page, 'DELETE', `/themes/${original.id}/fonts/${fontId}`);
    }
    await context?.close();
    await new Promise((resolve) => fontHost?.server.close(resolve));
  });

  /** A visitor's tab (no sign-in) that records every CSP violation Chromium reports. */
  async function visitorPage(
    kind: 'desktop' | 'phone',
  ): Promise<{ tab: Page; violations: string[]; close(): Promise<void> }> {
    const visitor = kind === 'desktop' ? await newDesktopContext(browser) : await newPhoneContext(browser);
    const tab = await visitor.newPage();
    await tab.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    return { tab, violations: watchViolations(tab), close: () => visitor.close() };
  }

  async function expectCleanPage(tab: Page, violations: string[], name: string) {
    await animationsSettled(tab);
    expect(await reportedViolations(tab)).toEqual([]);
    expect(violations).toEqual([]);
    expect(await seriousFindings(tab)).toEqual([]);
    // axe-core fetches cross-origin stylesheets itself to read their rules, which the page's CSP rightly
    // refuses (connect-src): the test tool's request, not the page's, so it is not held against the next check.
    violations.length = 0;
    await tab.evaluate(() => {
      (window as unknown as { cspViolations: string[] }).cspViolations.length = 0;
    });
    await screenshot(tab, name);
  }

  it("makes a question optional with the 'Verplicht' switch in the console", async () => {
    await page.goto(`${baseUrl}/forms/${flowId}`);
    await page.getByRole('heading', { name: formName, level: 2 }).waitFor();
    for (const [label, required] of [
      ['Je naam', true],
      ['Wat wil je nog kwijt?', false],
    ] as const) {
      await page.getByRole('button', { name: 'Nieuwe vraag' }).first().click();
      const panel = page.getByRole('dialog', { name: 'Nieuwe vraag' });
      await panel.getByLabel(/^Vraag/).fill(label);
      await panel.getByLabel('Tekst', { exact: true }).check();
      const verplicht = panel.getByLabel('Verplicht');
      expect(await verplicht.isChecked()).toBe(true);
      if (!required) {
        await verplicht.uncheck();
        await animationsSettled(page);
        await screenshot(page, 'question-panel-optional');
      }
      await panel.getByRole('button', { name: 'Toevoegen' }).click();
      await panel.waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: label, exact: true }).waitFor();
    }
    const fields = await callApi<{ data: Array<{ label: string; required: boolean }> }>(
      page,
      'GET',
      `/flows/${flowId}/fields`,
    );
    expect(fields.body.data.map(({ label, required }) => ({ label, required }))).toEqual([
      { label: 'Je naam', required: true },
      { label: 'Wat wil je nog kwijt?', required: false },
    ]);
  });

  it('shows the public form in the theme at desktop and phone size, and takes it with the optional question left empty', async () => {
    for (const kind of ['desktop', 'phone'] as const) {
      const { tab, violations, close } = await visitorPage(kind);
      try {
        const response = await tab.goto(`${baseUrl}/f/${env}/${flowId}`);
        const policy = response?.headers()['content-security-policy'] ?? '';
        expect(policy).toContain(`style-src 'unsafe-inline' ${fontHost.url}`);
        expect(policy).toContain(`font-src ${fontHost.url}`);
        await tab.getByRole('heading', { name: 'Inloopavond bibliotheek', level: 1 }).waitFor();
        await tab.getByText('Je opmerking mag je leeg laten.').waitFor();
        await expectThemed(tab, fontHost.url);
        expect(
          await tab.evaluate(() => getComputedStyle(document.querySelector('.primary')!).backgroundColor),
        ).toBe(rgb(theme.primaryColor));
        await expectCleanPage(tab, violations, `public-form-${kind}`);

        await tab.getByLabel('Je naam').fill(`Bezoeker ${kind}`);
        await tab.getByRole('button', { name: 'Versturen' }).click();
        await tab.getByRole('heading', { name: 'Bedankt!' }).waitFor();
        await expectCleanPage(tab, violations, `public-form-sent-${kind}`);
      } finally {
        await close();
      }
    }
    const submissions = await callApi<{ total: number; data: Array<{ answers: unknown[] }> }>(
      page,
      'GET',
      `/flows/${flowId}/submissions`,
    );
    expect(submissions.body.total).toBe(2);
    expect(submissions.body.data.every((submission) => submission.answers.length === 1)).toBe(true);
  });

  it('closes the form on its edit panel, and the public page then says so', async () => {
    await page.goto(`${baseUrl}/forms/${flowId}`);
    await page.getByRole('button', { name: 'Formulier aanpassen' }).click();
    const panel = page.getByRole('dialog', { name: 'Formulier aanpassen' });
    await panel.getByLabel('Gesloten').check();
    await animationsSettled(page);
    await screenshot(page, 'form-edit-panel-closing');
    await panel.getByRole('button', { name: 'Opslaan' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByText('Gesloten', { exact: true }).first().waitFor();

    for (const kind of ['desktop', 'phone'] as const) {
      const { tab, violations, close } = await visitorPage(kind);
      try {
        await tab.goto(`${baseUrl}/f/${env}/${flowId}`);
        await tab.getByText('Dit formulier is gesloten.').waitFor();
        expect(await tab.getByRole('button', { name: 'Versturen' }).count()).toBe(0);
        await expectThemed(tab, fontHost.url);
        await expectCleanPage(tab, violations, `public-form-closed-${kind}`);
      } finally {
        await close();
      }
    }
  });

  it('shows the unsubscribe page and the personal web version of a sent message in the theme', async () => {
    const started = Date.now();
    const job = await callApi<{ id: string }>(page, 'POST', '/deliveryjobs', {
      publicationId: publicationIds.publications.januaryNewsletter,
      publicationTemplateId: publicationIds.templates.zuiderveenStandard,
      title: 'Verspreiden van Nieuwsbrief januari 2025',
      audienceId: receiverIds.audiences.editorsTest,
    });
    expect(job.status).toBe(201);
    await expect
      .poll(
        async () =>
          (await callApi<{ status: string }>(page, 'GET', `/deliveryjobs/${job.body.id}`)).body.status,
        {
          timeout: 60_000,
        },
      )
      .toBe('Verzonden');
    const list = await callApi<{ data: Array<{ id: string; to: string; receivedAt: string }> }>(
      page,
      'GET',
      '/mail-catcher/messages?search=anne%40voorbeeld.nl',
    );
    const caught = list.body.data.find(
      (message) => /anne@voorbeeld\.nl/i.test(message.to) && Date.parse(message.receivedAt) >= started - 1000,
    );
    expect(caught).toBeDefined();
    const message = await callApi<{ text: string }>(page, 'GET', `/mail-catcher/messages/${caught!.id}`);
    const browserLink = /^Bekijk in je browser: (https:\/\/\S+)$/m.exec(message.body.text)?.[1];
    const unsubscribeLink = /https:\/\/\S+\/u\/[0-9a-z]+\.[A-Za-z0-9_-]{22}/.exec(message.body.text)?.[0];
    expect(browserLink).toMatch(
      new RegExp(`/p/${env}/${publicationIds.publications.januaryNewsletter}/[0-9a-z]+\\.`),
    );
    expect(unsubscribeLink).toBeDefined();

    for (const kind of ['desktop', 'phone'] as const) {
      const { tab, violations, close } = await visitorPage(kind);
      try {
        await tab.goto(unsubscribeLink!);
        await tab.getByRole('heading', { name: 'Uitschrijven', level: 1 }).waitFor();
        await expectThemed(tab, fontHost.url);
        await expectCleanPage(tab, violations, `unsubscribe-${kind}`);

        const response = await tab.goto(browserLink!);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-security-policy']).toContain(`font-src ${fontHost.url}`);
        await tab
          .getByText(/Beste \S+,/)
          .first()
          .waitFor();
        // The mail's text carries its font inline: the greeting's paragraph shows it.
        await expectThemed(tab, fontHost.url, 'div[style*="font-family"] p');
        await expectCleanPage(tab, violations, `web-version-${kind}`);
      } finally {
        await close();
      }
    }
  });
});
