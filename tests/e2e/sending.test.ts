import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SenderSettings } from '../../server/src/contract/sending';
import { publicationIds } from '../../server/src/seed/ids';
import { startDnsStub, type DnsStub } from '../server/support/dnsStub';
import { axeViolations } from './support/axe';
import {
  animationsSettled,
  releaseBrowser,
  workerBrowser,
  newDesktopContext,
  newPhoneContext,
  screenshot,
} from './support/browser';
import { startOwnServer } from './support/ownServer';
import type { ServerProcess } from './support/serverProcess';
import { signIn, signInWithRedirect, ANNE } from './support/signIn';

// The sender and its domain set in the console, against a server of this test's own whose DNS lookups go
// to a local DNS server the test fills (DNS_RESOLVER): the records show, a failing check turns green once
// they are published, and a delivery arrives in the catcher from the sender that was set.

const domain = 'zuiderveen.test';
const senderAddress = `nieuwsbrief@${domain}`;
let browser: Browser;
let dns: DnsStub;
let server: ServerProcess;

beforeAll(async () => {
  dns = await startDnsStub();
  server = await startOwnServer({ DNS_RESOLVER: dns.address });
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
  await server?.stop();
  await dns?.close();
});

/** How far the page scrolls sideways (0 or less: it fits the window). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/** The sender record with the page's own session (the records' exact values, to publish them). */
async function senderRecord(page: Page): Promise<SenderSettings> {
  return page.evaluate(async () => {
    const session = JSON.parse(sessionStorage.getItem('dpp.session') ?? '{}') as {
      accessToken: string;
      environmentId: string;
    };
    const response = await fetch(`/api/1/${session.environmentId}/sender`, {
      headers: { authorization: `Bearer ${session.accessToken}`, 'x-environment-id': session.environmentId },
    });
    return (await response.json()) as SenderSettings;
  });
}

describe('sender and sending domain on a desktop (1366x768)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    await signIn(page, server.url);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('sets the sender from the settings overview, and says the development catcher accepts any sender', async () => {
    await page.goto(`${server.url}/settings/`);
    await page.getByText('Van: Digitaal publicatie platform <noreply@example.org>').waitFor();
    await page.getByRole('link', { name: /Afzender/ }).click();
    await page.getByRole('heading', { name: 'Afzender' }).first().waitFor();
    await page.getByLabel('Naam van de afzender').fill('Gemeente Zuiderveen');
    await page.getByLabel('Afzenderadres').fill('geen adres');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Vul een geldig e-mailadres in', { exact: false }).first().waitFor();
    await page.getByLabel('Afzenderadres').fill(senderAddress);
    await page.getByLabel('Antwoordadres').fill(`redactie@${domain}`);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De instellingen zijn opgeslagen.').waitFor();
    await page.getByText(`Berichten komen van: Gemeente Zuiderveen <${senderAddress}>`).waitFor();
    await page.getByText('de mailcatcher vangt alle berichten op', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('sets the domain, shows its records with copy buttons, and a failing check turns green once they are published', async () => {
    await page.goto(`${server.url}/settings/domain`);
    // The demo's own domain first: its check fails and says why.
    await page.getByRole('button', { name: 'Controleren' }).click();
    await page.getByText('zuiderveen.example bestaat niet in DNS', { exact: false }).first().waitFor();

    await page.getByLabel('Verzenddomein').fill(domain);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Het verzenddomein is opgeslagen.').waitFor();
    const records = page.getByRole('region', { name: `DNS-records voor ${domain}` });
    await records.waitFor();
    await records.getByText('Niet gecontroleerd', { exact: true }).first().waitFor();
    for (const kind of ['DKIM', 'SPF', 'DMARC'])
      await records.getByRole('article', { name: `${kind}-record` }).waitFor();
    await records.getByText('v=DMARC1; p=none').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await animationsSettled(page);
    await screenshot(page, 'settings-domain-desktop');

    await records.getByRole('button', { name: 'DKIM waarde kopiëren' }).click();
    await page.getByText('DKIM waarde gekopieerd.').waitFor();
    const { domain: stored } = await senderRecord(page);
    const dkim = stored!.records.find((record) => record.kind === 'dkim')!;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(dkim.value);

    await records.getByRole('button', { name: 'Controleren' }).click();
    await records.getByText(`${dkim.name} bestaat niet in DNS`, { exact: false }).waitFor();
    await records.getByText('Laatst gecontroleerd op', { exact: false }).waitFor();
    await animationsSettled(page);
    await screenshot(page, 'settings-domain-failing-desktop');
    expect(await axeViolations(page)).toEqual([]);
    // The check's answers (long DNS names) wrap inside the records' card: the page never scrolls sideways.
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    for (const record of stored!.records) dns.setTxt(record.name, [record.value]);
    await records.getByRole('button', { name: 'Controleren' }).click();
    await records.getByText('Gecontroleerd', { exact: true }).waitFor();
    await records.getByText('Het DKIM-record is gevonden en bevat de juiste sleutel.').waitFor();
    await records.getByText('Het DMARC-record staat er (p=none).').waitFor();
    await animationsSettled(page);
    await screenshot(page, 'settings-domain-verified-desktop');
    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await page.goto(`${server.url}/settings/`);
    await page.getByText(`${domain} is gecontroleerd.`).waitFor();
    await screenshot(page, 'settings-overview-sender-desktop');
  });

  it('sends through the deliver panel, which names the sender; the message in the catcher is from it', async () => {
    await page.goto(`${server.url}/publications/${publicationIds.publications.januaryNewsletter}/deliver`);
    await page.getByText(`Afzender: Gemeente Zuiderveen <${senderAddress}>`).waitFor();
    await page.getByRole('combobox', { name: 'Sjabloon' }).click();
    await page.getByRole('option', { name: 'Standaard' }).click();
    await page.getByRole('combobox', { name: 'Doelgroep' }).click();
    await page.getByRole('option', { name: 'Test redactie' }).click();
    await page.getByRole('button', { name: 'Verspreiden', exact: true }).click();
    await page.waitForURL(`${server.url}/jobs/`);
    await page
      .getByRole('row', { name: /Test redactie/ })
      .first()
      .getByText('Verzonden')
      .waitFor({ timeout: 30_000 });

    await page.goto(`${server.url}/mail/`);
    await page
      .getByRole('row', { name: /anne@voorbeeld\.nl/ })
      .first()
      .click();
    // The catcher shows the From header as mailparser reads it: the name quoted.
    await page.getByText(`"Gemeente Zuiderveen" <${senderAddress}>`).first().waitFor();
    await page.getByRole('tab', { name: 'Headers' }).click();
    await page.getByRole('cell', { name: 'DKIM-Signature' }).waitFor();
  });
});

describe('sender and sending domain on a phone (390x844)', () => {
  it('shows the records readable, each with its copy button, without axe violations', async () => {
    const context = await newPhoneContext(browser);
    try {
      const page = await context.newPage();
      await signInWithRedirect(page, server.url, ANNE);
      await page.goto(`${server.url}/settings/domain`);
      const records = page.getByRole('region', { name: /^DNS-records voor / });
      await records.waitFor();
      await records.getByRole('button', { name: 'SPF naam kopiëren' }).waitFor();
      await animationsSettled(page);
      await screenshot(page, 'settings-domain-phone');
      await records.getByRole('article', { name: 'DMARC-record' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'settings-domain-records-phone');
      expect(await axeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await records.getByRole('button', { name: 'Controleren' }).click();
      await records.getByText('Laatst gecontroleerd op', { exact: false }).waitFor();
      await records.getByRole('article', { name: 'DKIM-record' }).scrollIntoViewIfNeeded();
      await animationsSettled(page);
      await screenshot(page, 'settings-domain-checked-phone');
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      await page.goto(`${server.url}/settings/sender`);
      await page.getByLabel('Afzenderadres').waitFor();
      await animationsSettled(page);
      await screenshot(page, 'settings-sender-phone');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
