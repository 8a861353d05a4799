import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import {
  animationsSettled,
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  newPhoneContext,
  screenshot,
} from './support/browser';
import { E2E_ACCESS_TOKEN_TTL_SECONDS } from './support/globalSetup';
import { startOwnServer } from './support/ownServer';
import type { ServerProcess } from './support/serverProcess';
import { ANNE, signIn, signInWithRedirect } from './support/signIn';

// The environment's 'Meten' in the console (/settings/measuring): each mode explained, 'Per persoon' only
// with a legal basis, and the choice still there after a reload. A server of its own: the shared one's
// other tests keep the default mode.

const legalBasis = 'Toestemming van de abonnees bij hun aanmelding (AVG art. 6 lid 1a).';
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  server = await startOwnServer({ ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL_SECONDS) });
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
});

const modeRadio = (page: Page, name: RegExp) => page.getByRole('radio', { name });

describe("'Meten' of the environment on a desktop (1366x768)", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, server.url);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("opens from the settings overview with every mode explained, 'Alleen totalen' chosen", async () => {
    await page.goto(`${server.url}/settings/`);
    await page.getByText('Meten: Alleen totalen').waitFor();
    await page.getByRole('link', { name: /Meten/ }).click();
    await page.waitForURL(`${server.url}/settings/measuring`);
    await page.getByRole('heading', { name: 'Meten' }).first().waitFor();
    await page.getByText('gerechtvaardigd belang', { exact: false }).waitFor();
    for (const mode of [
      /^Uit: geen telpixel/,
      /^Alleen totalen \(standaard\)/,
      /^Per persoon gepseudonimiseerd/,
      /^Per persoon: per e-mailadres/,
    ])
      await modeRadio(page, mode).waitFor();
    expect(await modeRadio(page, /^Alleen totalen/).isChecked()).toBe(true);
    // The legal basis is asked for in 'Per persoon' only.
    expect(await page.getByLabel(/Rechtsgrond/).count()).toBe(0);
    await animationsSettled(page);
    await screenshot(page, 'settings-measuring-desktop');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("'Per persoon' needs the legal basis; once saved it sticks after a reload, as does a switch back", async () => {
    await page.goto(`${server.url}/settings/measuring`);
    await modeRadio(page, /^Per persoon: per e-mailadres/).check();
    const basis = page.getByLabel(/Rechtsgrond/);
    await basis.waitFor();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText("Leg bij 'Per persoon' de rechtsgrond vast (Rechtsgrond).").first().waitFor();
    await animationsSettled(page);
    await screenshot(page, 'settings-measuring-legal-basis-desktop');
    expect(await axeViolations(page)).toEqual([]);

    await basis.fill(legalBasis);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De meetstand is opgeslagen.').waitFor();
    await page.reload();
    await modeRadio(page, /^Per persoon: per e-mailadres/).waitFor();
    await expect.poll(() => modeRadio(page, /^Per persoon: per e-mailadres/).isChecked()).toBe(true);
    expect(await page.getByLabel(/Rechtsgrond/).inputValue()).toBe(legalBasis);

    await modeRadio(page, /^Alleen totalen/).check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De meetstand is opgeslagen.').first().waitFor();
    await page.reload();
    await modeRadio(page, /^Alleen totalen/).waitFor();
    await expect.poll(() => modeRadio(page, /^Alleen totalen/).isChecked()).toBe(true);
    expect(await page.getByLabel(/Rechtsgrond/).count()).toBe(0);
    await page.goto(`${server.url}/settings/`);
    await page.getByText('Meten: Alleen totalen').waitFor();
  });
});

describe("'Meten' on a phone (390x844)", () => {
  it('shows the modes and the legal basis in one column, axe clean', async () => {
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      // A phone signs in by redirect (no popups).
      await signInWithRedirect(page, server.url, ANNE);
      await page.goto(`${server.url}/settings/measuring`);
      await modeRadio(page, /^Per persoon: per e-mailadres/).check();
      await page.getByLabel(/Rechtsgrond/).waitFor();
      await animationsSettled(page);
      await screenshot(page, 'settings-measuring-phone');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
