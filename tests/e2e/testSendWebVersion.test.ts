import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PublicationType } from '../../server/src/contract/publications';
import { sharedServerUrl } from './support/sharedServer';
import {
  newPhoneContext,
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  screenshot,
} from './support/browser';
import { ANNE, signIn, signInWithRedirect } from './support/signIn';
import { apiAsBrowser as api } from './support/browserApi';
import { caughtMailUrl } from './support/caughtMail';

// A test message is read like the real one: 'Bekijk in je browser' opens its web version (also for a
// publication that is not public), and the panel starts with the signed-in user's own address.

const baseUrl = sharedServerUrl();
const stamp = Date.now().toString(36);
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

async function newPublication(page: Page, name: string): Promise<string> {
  const types = await api<PublicationType[]>(page, 'GET', '/publicationtypes/');
  const typeId = types.find((type) => type.name === 'Nieuwsbrief')?.id;
  const id = await api<string>(page, 'POST', '/publications/', { name, publicationTypeId: typeId });
  await api(page, 'PUT', `/publications/${id}`, {
    name,
    isNotMarketing: false,
    isPublic: false,
    subject: name,
  });
  return id;
}

describe('a test message of a publication that is not public', () => {
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

  it("goes to the signed-in user's own address, and its 'Bekijk in je browser' opens the web version", async () => {
    const name = `Nog niet openbaar ${stamp}`;
    const id = await newPublication(page, name);
    await page.goto(`${baseUrl}/publications/${id}`);
    await page.getByRole('button', { name: 'Testverzending' }).click();
    const panel = page.getByRole('dialog', { name: 'Testverzending' });
    await expect.poll(() => panel.getByLabel(/E-mailadressen/).inputValue()).toBe(ANNE);
    await panel.getByRole('combobox', { name: /Sjabloon/ }).click();
    await page.getByRole('option', { name: 'Standaard', exact: true }).click();
    await panel.getByRole('button', { name: 'Versturen' }).click();
    await page.getByText('De testverzending is verstuurd.').waitFor();

    await page.goto(caughtMailUrl(baseUrl, ANNE));
    await page
      .getByRole('row', { name: new RegExp(`\\[TEST\\] ${name}`) })
      .first()
      .click();
    await page.getByRole('heading', { name: `[TEST] ${name}`, level: 2 }).waitFor();
    let href = '';
    await expect
      .poll(async () => {
        const mail = page.frames().find((candidate) => candidate.url() === 'about:srcdoc');
        href = mail
          ? await mail.evaluate(
              () =>
                [...document.querySelectorAll('a')]
                  .find((link) => link.textContent?.includes('Bekijk in je browser'))
                  ?.getAttribute('href') ?? '',
            )
          : '';
        return href;
      })
      .toMatch(new RegExp(`/p/[^/]+/${id}/t[0-9a-f]{32}\\.`));
    await page.getByRole('tab', { name: 'Tekstversie' }).click();
    await page.getByText(href, { exact: false }).first().waitFor();

    const webVersion = await context.newPage();
    const response = await webVersion.goto(href);
    expect(response?.status()).toBe(200);
    await webVersion.getByText('Gemeente Zuiderveen').first().waitFor();
    await screenshot(webVersion, 'test-send-web-version-desktop');
    await webVersion.close();
  });

  it("starts the test panel with the signed-in user's own address on a phone too", async () => {
    const phone = await newPhoneContext(browser);
    try {
      const phonePage = await phone.newPage();
      await signInWithRedirect(phonePage, baseUrl, ANNE);
      const id = await newPublication(phonePage, `Telefoon test ${stamp}`);
      await phonePage.goto(`${baseUrl}/publications/${id}`);
      await phonePage.getByRole('button', { name: 'Testverzending' }).click();
      const panel = phonePage.getByRole('dialog', { name: 'Testverzending' });
      await expect.poll(() => panel.getByLabel(/E-mailadressen/).inputValue()).toBe(ANNE);
      await screenshot(phonePage, 'test-send-panel-phone');
    } finally {
      await phone.close();
    }
  });
});
