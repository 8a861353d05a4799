import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startEntraLikeProvider, type EntraLikeProvider } from '../server/support/entraLikeProvider';
import { httpsRequest } from '../server/support/https';
import { seriousFindings } from './support/axe';
import { releaseBrowser, workerBrowser, newDesktopContext, PHONE, screenshot } from './support/browser';
import { startOwnServer } from './support/ownServer';
import { freePort } from '../server/support/freePort';
import type { ServerProcess } from './support/serverProcess';
import { completeProviderSignIn, waitForConsole } from './support/signIn';

const adminRole = 'Platform.Admin';
const people = {
  admin: {
    oid: randomUUID(),
    preferredUsername: 'beheer@gemeente.example',
    name: 'Bea Beheer',
    roles: [adminRole],
  },
  member: { oid: randomUUID(), preferredUsername: 'mila@gemeente.example', name: 'Mila Medewerker' },
  outsider: { oid: randomUUID(), preferredUsername: 'otto@elders.example', name: 'Otto Buiten' },
};

/**
 * A platform on an external provider configured like Entra ID (tenant-id v2 issuer, audience = client
 * id, `scp`, `azp`, app roles), in MSAL's OIDC mode (the browser cannot reach Microsoft's instance
 * discovery here). The platform starts empty but for the administrators' own environment.
 */
describe('platform administration in Chromium against an Entra-like provider', () => {
  let provider: EntraLikeProvider;
  let server: ServerProcess;
  let browser: Browser;
  let caDir: string;
  const contexts: BrowserContext[] = [];
  let page: Page;

  async function signInAs(email: string): Promise<Page> {
    const context = await newDesktopContext(browser);
    contexts.push(context);
    const signedIn = await context.newPage();
    await signedIn.goto(`${server.url}/`);
    const login = signedIn.getByRole('button', { name: 'Inloggen' });
    await login.waitFor({ timeout: 60_000 });
    const [popup] = await Promise.all([signedIn.waitForEvent('popup'), login.click()]);
    await popup.waitForLoadState('domcontentloaded');
    await completeProviderSignIn(popup, email);
    return signedIn;
  }

  beforeAll(async () => {
    const port = await freePort();
    provider = await startEntraLikeProvider(`https://localhost:${port}`, await freePort());
    for (const person of Object.values(people)) provider.users.set(person.oid, { ...person });
    caDir = mkdtempSync(join(tmpdir(), 'dpp-e2e-ca-'));
    writeFileSync(join(caDir, 'provider.pem'), provider.ca);
    server = await startOwnServer({
      PORT: String(port),
      SEED_DEMO: 'off',
      ...provider.settings,
      IDENTITY_PROTOCOL: 'oidc',
      IDENTITY_EXTRA_SCOPES: '',
      PLATFORM_ADMIN_ROLE: adminRole,
      // The server fetches the provider's keys over HTTPS with its self-signed certificate.
      NODE_EXTRA_CA_CERTS: join(caDir, 'provider.pem'),
    });
    // The administrators' own environment, made through the API as a setup script would.
    const ca = readFileSync(join(server.dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
    const token = (await provider.signIn(people.admin.oid)).accessToken;
    const post = async (path: string, body: unknown) => {
      const response = await httpsRequest({
        method: 'POST',
        url: `${server.url}${path}`,
        ca,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status >= 300) throw new Error(`${path}: ${response.status} ${response.text}`);
      return JSON.parse(response.text) as { id: string };
    };
    const own = await post('/api/1/platform/environments', { name: 'Platformbeheer' });
    await post(`/api/1/platform/environments/${own.id}/members`, { email: people.admin.preferredUsername });
    browser = await workerBrowser();
  });
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      if (page) await screenshot(page, `failed-platform-${task.name.replace(/\W+/g, '-')}`);
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await releaseBrowser(browser);
    await server?.stop();
    await provider?.close();
    rmSync(caDir, { recursive: true, force: true });
  });

  it('a platform administrator creates an environment and adds a member', async () => {
    page = await signInAs(people.admin.preferredUsername);
    await waitForConsole(page);
    await page.getByRole('link', { name: 'Platformbeheer' }).click();
    await page.waitForURL((url) => url.pathname === '/platform/environments');
    await page.getByRole('row', { name: /Platformbeheer/ }).waitFor();

    await expect.poll(() => seriousFindings(page)).toEqual([]);

    await page.getByRole('button', { name: 'Nieuwe omgeving' }).click();
    const createPanel = page.getByRole('dialog', { name: 'Nieuwe omgeving' });
    await expect.poll(() => seriousFindings(page)).toEqual([]);
    await createPanel.getByLabel(/Naam/).fill('Gemeente Voorbeeld');
    await createPanel.getByRole('button', { name: 'Toevoegen' }).click();
    await page.getByRole('row', { name: /Gemeente Voorbeeld/ }).click();
    await page.getByRole('heading', { name: 'Gemeente Voorbeeld', level: 2 }).waitFor();
    // The page bar (and the browser tab) names the record and the kind of page, as every detail page does.
    await expect
      .poll(() => page.title())
      .toBe('Gemeente Voorbeeld — Omgeving – Digitaal publicatie platform');

    await expect.poll(() => seriousFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Lid toevoegen' }).first().click();
    const memberPanel = page.getByRole('dialog', { name: 'Lid toevoegen' });
    await expect.poll(() => seriousFindings(page)).toEqual([]);
    await memberPanel.getByLabel(/E-mailadres/).fill(people.member.preferredUsername);
    await memberPanel.getByRole('button', { name: 'Toevoegen' }).click();
    await page.getByRole('row', { name: /mila@gemeente\.example/ }).waitFor();
    await screenshot(page, 'platform-environment-members');

    // The platform log has both changes, by the administrator, read-only.
    await page.getByRole('link', { name: 'Platformlogboek' }).click();
    await page.waitForURL((url) => url.pathname === '/platform/log');
    const created = page.getByRole('row').filter({ hasText: 'Omgeving aangemaakt' });
    await created.filter({ hasText: 'Gemeente Voorbeeld' }).filter({ hasText: 'Bea Beheer' }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: 'Lid toegevoegd' })
      .filter({ hasText: 'mila@gemeente.example' })
      .waitFor();
    expect(await page.getByRole('button', { name: /Nieuw|Verwijderen/ }).count()).toBe(0);
    await expect.poll(() => seriousFindings(page)).toEqual([]);
    await screenshot(page, 'platform-log');
    await page.goBack();
    await page.getByRole('row', { name: /mila@gemeente\.example/ }).waitFor();

    // Both pages on a phone's width, also without serious axe findings.
    await page.setViewportSize(PHONE);
    await expect.poll(() => seriousFindings(page)).toEqual([]);
    await screenshot(page, 'platform-environment-members-phone');
    await page.goto(`${server.url}/platform/environments`);
    await page.getByRole('row', { name: /Gemeente Voorbeeld/ }).waitFor();
    await expect.poll(() => seriousFindings(page)).toEqual([]);
    await screenshot(page, 'platform-environments-phone');
  });

  it('the new member signs in and works in that environment', async () => {
    page = await signInAs(people.member.preferredUsername);
    await waitForConsole(page);
    expect(await page.getByTestId('environment-name').first().textContent()).toBe('Gemeente Voorbeeld');
    // Only platform administrators see the administration.
    expect(await page.getByRole('link', { name: 'Platformbeheer' }).count()).toBe(0);
    await page.goto(`${server.url}/recievers/lists/`);
    await page.getByRole('button', { name: 'Nieuwe Lijst' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Nieuwe Lijst' });
    await panel.getByLabel(/Naam/).fill('Nieuwsbrief Voorbeeld');
    await panel.getByRole('button', { name: 'Toevoegen' }).click();
    await page.getByRole('row', { name: /Nieuwsbrief Voorbeeld/ }).waitFor();
  });

  it('someone without membership signs in and reads the Dutch message', async () => {
    page = await signInAs(people.outsider.preferredUsername);
    await page
      .getByText(
        'Je account heeft nog geen toegang tot een omgeving. Vraag een beheerder om je toe te voegen.',
      )
      .waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Inloggen' }).count()).toBe(1);
  });
});
