import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CaughtMessage, CaughtMessagePage } from '../../server/src/contract/mail';
import type { ReceiverList, SubscriberPage } from '../../server/src/contract/receivers';
import type { SignUpForm } from '../../server/src/contract/signUp';
import { minimumFillMs } from '../../server/src/signUp/signUpTokens';
import { axeViolations } from './support/axe';
import { apiAsBrowser } from './support/browserApi';
import {
  animationsSettled,
  DESKTOP,
  newDesktopContext,
  newPhoneContext,
  releaseBrowser,
  screenshot,
  workerBrowser,
} from './support/browser';
import { sharedServerUrl } from './support/sharedServer';
import { signIn } from './support/signIn';

// A sign-up form from the console to a confirmed subscription: staff create a form with two public
// lists; a resident signs up on the hosted page on a phone, confirms from the caught mail and is in both
// lists with a consent proof in the subscriber's panel. The snippet works on a plain page of another
// origin in a browser without JavaScript. Axe checks the hosted pages at both sizes.

const baseUrl = sharedServerUrl();
const suffix = Date.now().toString(36);
const listTitles = [`Wijkberichten ${suffix}`, `Evenementen ${suffix}`];
const formName = `Nieuwsbrieven ${suffix}`;
const resident = `bewoner.${suffix}@aanmeld.proef.nl`;
const snippetVisitor = `snippet.${suffix}@aanmeld.proef.nl`;

/** A tiny site on another origin (http on 127.0.0.1) with the snippet pasted into its page. */
async function startOtherSite(snippet: string): Promise<{ url: string; server: Server }> {
  const page = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Gemeentesite</title></head>
<body><main><h1>Blijf op de hoogte</h1>${snippet}</main></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** A person takes a few seconds: the page refuses a post sooner than its time token's minimum age. */
async function oldEnough(page: Page): Promise<void> {
  const token = await page.locator('input[name="t"]').inputValue();
  const issuedAt = parseInt(token.split('.')[0], 36);
  await expect.poll(() => Date.now() - issuedAt, { interval: 250 }).toBeGreaterThan(minimumFillMs);
}

describe('sign-up forms: console, hosted page, confirmation, snippet', () => {
  let browser: Browser;
  let consoleContext: BrowserContext;
  let staff: Page;
  let lists: ReceiverList[];
  let form: SignUpForm;

  beforeAll(async () => {
    browser = await workerBrowser();
    consoleContext = await newDesktopContext(browser);
    staff = await consoleContext.newPage();
    await signIn(staff, baseUrl);
    lists = [];
    for (const title of listTitles) {
      const list = await apiAsBrowser<ReceiverList>(
        staff,
        'POST',
        `/list/manual?title=${encodeURIComponent(title)}`,
      );
      lists.push(
        await apiAsBrowser<ReceiverList>(
          staff,
          'PUT',
          `/list/manual/${list.id}?title=${encodeURIComponent(title)}&isPublic=true`,
        ),
      );
    }
  });
  afterAll(async () => {
    await consoleContext?.close();
    await releaseBrowser(browser);
  });

  /** The caught messages to `address` with this subject, read whole. */
  const caught = async (address: string, subject: string): Promise<CaughtMessage[]> => {
    const { data } = await apiAsBrowser<CaughtMessagePage>(
      staff,
      'GET',
      `/mail-catcher/messages?search=${encodeURIComponent(address)}`,
    );
    const mine = data.filter((message) => message.to.includes(address) && message.subject === subject);
    return Promise.all(
      mine.map((message) =>
        apiAsBrowser<CaughtMessage>(staff, 'GET', `/mail-catcher/messages/${message.id}`),
      ),
    );
  };

  const confirmationLink = async (address: string) => {
    await expect
      .poll(async () => (await caught(address, form.confirmationSubject)).length, { timeout: 60_000 })
      .toBe(1);
    const [mail] = await caught(address, form.confirmationSubject);
    const link = /https:\/\/\S+\/bevestigen\/[A-Za-z0-9_.-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    return link!;
  };

  it("creates a form with two lists in 'Aanmeldformulieren' and shows its address and snippet", async () => {
    await staff.goto(`${baseUrl}/recievers/`);
    await staff
      .getByRole('link', { name: /Aanmeldformulieren/ })
      .first()
      .click();
    // The empty table's button while no form exists yet, else the toolbar's.
    await staff.getByRole('button', { name: 'Nieuw aanmeldformulier' }).click();
    const panel = staff.getByRole('dialog', { name: 'Nieuw aanmeldformulier' });
    await panel.getByRole('textbox', { name: 'Naam' }).fill(formName);
    for (const title of listTitles) await panel.getByRole('checkbox', { name: title }).check();
    await animationsSettled(staff);
    await screenshot(staff, 'sign-up-forms-new-panel');
    await panel.getByRole('button', { name: 'Toevoegen' }).click();
    await staff.getByRole('heading', { name: formName, exact: true }).waitFor();
    await staff.getByRole('heading', { name: 'HTML-code voor je eigen site' }).waitFor();
    const formId = /\/recievers\/signupforms\/([0-9a-f-]{36})/.exec(staff.url())?.[1];
    expect(formId).toBeDefined();
    form = await apiAsBrowser<SignUpForm>(staff, 'GET', `/signupforms/${formId}`);
    expect(form.listIds).toEqual(expect.arrayContaining(lists.map((list) => list.id)));
    await staff.getByRole('link', { name: form.hostedUrl }).waitFor();
    expect(await staff.getByRole('textbox', { name: 'HTML-code voor je eigen site' }).inputValue()).toBe(
      form.snippet,
    );
    await screenshot(staff, 'sign-up-forms-detail');
    expect(await axeViolations(staff, 'main')).toEqual([]);
  });

  it('signs up on the hosted page on a phone, confirms from the mail and is in both lists with a consent proof', async () => {
    const phone = await newPhoneContext(browser);
    try {
      const page = await phone.newPage();
      await page.goto(form.hostedUrl);
      await page.getByRole('heading', { name: formName, exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'sign-up-hosted-phone');
      await page.getByLabel('E-mailadres').fill(resident);
      await page.getByLabel(/^Voornaam/).fill('Fleur');
      await page.getByLabel(/^Achternaam/).fill('Bewoner');
      for (const title of listTitles) await page.getByRole('checkbox', { name: title }).check();
      await page.getByRole('checkbox', { name: form.consentText }).check();
      await oldEnough(page);
      await page.getByRole('button', { name: 'Aanmelden' }).click();
      await page.getByRole('heading', { name: 'Controleer je mail' }).waitFor();
      expect(page.url()).toBe(`${form.hostedUrl}/controleer-je-mail`);
      expect(await axeViolations(page)).toEqual([]);

      const link = await confirmationLink(resident);
      await page.goto(link);
      await page.getByRole('button', { name: 'Bevestigen' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'sign-up-confirm-phone');
      // Opening the link joined nothing.
      for (const list of lists) {
        const { data } = await apiAsBrowser<SubscriberPage>(
          staff,
          'GET',
          `/list/manual/${list.id}/subscribers`,
        );
        expect(data).toHaveLength(0);
      }
      await page.getByRole('button', { name: 'Bevestigen' }).click();
      await page.getByRole('heading', { name: 'Aanmelding bevestigd' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'sign-up-confirmed-phone');
    } finally {
      await phone.close();
    }
    for (const list of lists) {
      const { data } = await apiAsBrowser<SubscriberPage>(
        staff,
        'GET',
        `/list/manual/${list.id}/subscribers`,
      );
      expect(data.map((subscriber) => subscriber.email)).toEqual([resident]);
    }
    await staff.goto(`${baseUrl}/recievers/lists/${lists[0].id}`);
    await staff.getByRole('button', { name: 'Fleur Bewoner' }).click();
    const panel = staff.getByRole('dialog', { name: 'Ontvanger aanpassen' });
    await panel.getByRole('heading', { name: 'Toestemming' }).waitFor();
    await panel.getByText(`Aangemeld via '${formName}'`).waitFor();
    await panel.getByText(`Toestemmingstekst (versie 1): ${form.consentText}`).waitFor();
    await animationsSettled(staff);
    await screenshot(staff, 'sign-up-consent-proof-panel');
  });

  it('shows the hosted page without axe findings on a desktop too', async () => {
    const page = await consoleContext.newPage();
    try {
      await page.setViewportSize(DESKTOP);
      await page.goto(form.hostedUrl);
      await page.getByRole('heading', { name: formName, exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'sign-up-hosted-desktop');
      // Without the consent the page comes back with the problem named and the typed address kept.
      await page.getByLabel('E-mailadres').fill(`zonder.toestemming.${suffix}@aanmeld.proef.nl`);
      await oldEnough(page);
      await page.getByRole('button', { name: 'Aanmelden' }).click();
      await page.getByRole('alert').getByText('Geef je toestemming om je aan te melden.').waitFor();
      expect(await page.getByLabel('E-mailadres').inputValue()).toBe(
        `zonder.toestemming.${suffix}@aanmeld.proef.nl`,
      );
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('takes a sign-up through the snippet on another origin with JavaScript off', async () => {
    const site = await startOtherSite(form.snippet);
    const noScript = await browser.newContext({
      ignoreHTTPSErrors: true,
      javaScriptEnabled: false,
      locale: 'nl-NL',
    });
    try {
      const page = await noScript.newPage();
      await page.goto(site.url);
      await page.getByLabel('E-mailadres').fill(snippetVisitor);
      await page.getByRole('checkbox', { name: listTitles[1] }).check();
      await page.getByRole('checkbox', { name: form.consentText }).check();
      await page.getByRole('button', { name: 'Aanmelden' }).click();
      await page.getByRole('heading', { name: 'Controleer je mail' }).waitFor();
      expect(page.url()).toBe(`${form.hostedUrl}/controleer-je-mail`);
      await screenshot(page, 'sign-up-snippet-check-mail');
      const link = await confirmationLink(snippetVisitor);
      await page.goto(link);
      await page.getByRole('button', { name: 'Bevestigen' }).click();
      await page.getByRole('heading', { name: 'Aanmelding bevestigd' }).waitFor();
    } finally {
      await noScript.close();
      site.server.close();
    }
    const { data } = await apiAsBrowser<SubscriberPage>(
      staff,
      'GET',
      `/list/manual/${lists[1].id}/subscribers`,
    );
    expect(data.map((subscriber) => subscriber.email).sort()).toEqual([resident, snippetVisitor].sort());
  });
});
