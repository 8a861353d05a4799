import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedServerUrl } from './support/sharedServer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { publicationIds } from '../../server/src/seed/ids';
import {
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  newPhoneContext,
  screenshot,
} from './support/browser';
import { signIn, signInWithRedirect, ANNE } from './support/signIn';

const baseUrl = sharedServerUrl();
const publicationUrl = `${baseUrl}/publications/${publicationIds.publications.januaryNewsletter}`;
const testSubject = '[TEST] Nieuwsbrief januari 2025';

/** axe-core's violations of the page as it is now (the sandboxed mail frame is the sender's, not ours). */
async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: the console's CSP (script-src 'self') refuses an inline script tag.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      iframes: false,
      resultTypes: ['violations'],
    });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 300)}`).join(', ')}`,
    );
  });
  return violations;
}

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

describe('test send and the mail catcher on a desktop (1366x768)', () => {
  let context: BrowserContext;
  let page: Page;
  const address = `proef.${Date.now().toString(36)}@voorbeeld.nl`;

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('refuses a test send without template or with a bad address, in Dutch', async () => {
    await page.goto(publicationUrl);
    await page.getByRole('button', { name: 'Testverzending' }).click();
    const panel = page.getByRole('dialog', { name: 'Testverzending' });
    // Most tests go to oneself first: the field starts with the signed-in user's own address.
    await expect(panel.getByLabel(/E-mailadressen/).inputValue()).resolves.toBe(ANNE);
    await panel.getByLabel(/E-mailadressen/).fill('');
    await panel.getByRole('button', { name: 'Versturen' }).click();
    await panel.getByText('Selecteer een template').waitFor();
    await panel.getByText('Vul minstens één e-mailadres in').waitFor();

    await panel.getByLabel(/E-mailadressen/).fill(`${address}\ngeen-adres`);
    await panel.getByRole('button', { name: 'Versturen' }).click();
    await panel.getByText("'geen-adres' is geen geldig e-mailadres").waitFor();
    await panel.getByRole('button', { name: 'Sluiten', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('sends a test to a typed address; it arrives and reads in the catcher page', async () => {
    await page.goto(publicationUrl);
    await page.getByRole('button', { name: 'Testverzending' }).click();
    const panel = page.getByRole('dialog', { name: 'Testverzending' });
    await panel.getByRole('combobox', { name: /Sjabloon/ }).click();
    await page.getByRole('option', { name: 'Standaard', exact: true }).click();
    await panel.getByLabel(/E-mailadressen/).fill(address);
    await screenshot(page, 'mail-test-send-panel-desktop');
    await panel.getByRole('button', { name: 'Versturen' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByText('De testverzending is verstuurd.').waitFor();

    await page.getByRole('link', { name: 'Verzonden berichten' }).click();
    await page.getByRole('heading', { name: 'Verzonden berichten (testomgeving)' }).first().waitFor();
    const row = page.getByRole('row', { name: new RegExp(address.replace(/\./g, '\\.')) });
    await row.getByRole('cell', { name: testSubject }).waitFor();
    await screenshot(page, 'mail-catcher-list-desktop');
    expect(await accessibilityViolations(page)).toEqual([]);

    await row.click();
    await page.getByRole('heading', { name: testSubject, level: 2 }).waitFor();
    const frame = page.getByTitle('Opgemaakte versie van het bericht');
    expect(await frame.getAttribute('sandbox')).toBe('');
    // The mail shows in its frame: its own document (about:srcdoc) with the publication's text.
    await expect
      .poll(async () => {
        const mail = page.frames().find((candidate) => candidate.url() === 'about:srcdoc');
        return mail ? await mail.evaluate(() => document.body.innerText) : '';
      })
      .toContain('Gemeente Zuiderveen');
    await screenshot(page, 'mail-catcher-message-desktop');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Tekstversie' }).click();
    await page.getByText('Gemeente Zuiderveen', { exact: false }).first().waitFor();
    await page.getByRole('tab', { name: 'Headers' }).click();
    await page.getByRole('cell', { name: 'X-Platform-Environment' }).waitFor();
    await page.getByRole('cell', { name: address }).first().waitFor();
  });
});

describe('the mail catcher on a phone (390x844)', () => {
  it('shows the sent messages and one message readable, without axe violations', async () => {
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      await signInWithRedirect(page, baseUrl, ANNE);
      // A message of its own, sent as the signed-in user, so this test needs no other.
      const address = `telefoon.${Date.now().toString(36)}@voorbeeld.nl`;
      const status = await page.evaluate(
        async ({ publicationId, templateId, to }) => {
          const session = JSON.parse(sessionStorage.getItem('dpp.session') ?? '{}') as {
            accessToken: string;
            environmentId: string;
          };
          const response = await fetch(
            `/api/1/${session.environmentId}/publications/${publicationId}/test-sends`,
            {
              method: 'POST',
              headers: {
                Authorization: `Bearer ${session.accessToken}`,
                'X-Environment-Id': session.environmentId,
                'Content-Type': 'application/json',
              },
              body: JSON.stringify({ templateId, addresses: [to] }),
            },
          );
          return response.status;
        },
        {
          publicationId: publicationIds.publications.januaryNewsletter,
          templateId: publicationIds.templates.zuiderveenStandard,
          to: address,
        },
      );
      expect(status).toBe(200);

      await page.goto(`${baseUrl}/mail/`);
      await page.getByRole('heading', { name: 'Verzonden berichten (testomgeving)' }).first().waitFor();
      const row = page.getByRole('row', { name: new RegExp(address.replace(/\./g, '\\.')) });
      await row.waitFor();
      await screenshot(page, 'mail-catcher-list-phone');
      expect(await accessibilityViolations(page)).toEqual([]);

      await row.click();
      await page.getByRole('heading', { name: testSubject, level: 2 }).waitFor();
      await page.getByTitle('Opgemaakte versie van het bericht').waitFor();
      await screenshot(page, 'mail-catcher-message-phone');
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
