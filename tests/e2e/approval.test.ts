import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PublicationBlockPage } from '../../server/src/contract/publications';
import { demoUsers, publicationIds } from '../../server/src/seed/ids';
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
import { sharedServerUrl } from './support/sharedServer';
import { ANNE, BRAM, signIn, signInWithRedirect } from './support/signIn';

// 'Goedkeuring' in the console, two members in two browsers: Anne sets approval from 100 recipients,
// builds a newsletter and asks to send it to 150; Bram sees the badge, opens the request with its preview
// and count, approves, and the job sends to the catcher. On the worker's shared server (a file has it to
// itself while it runs): the setting is turned off again at the end, so the other files send without it.

const { types } = publicationIds;
const recipients = 150;
const firstAddress = 'goedkeuring-1@zuiderveen.example.nl';
const server = { url: sharedServerUrl() };
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** A newsletter with one text block, and the audience 'Goedkeuring 150' of 150 new addresses. */
async function newsletterWithAudience(page: Page): Promise<string> {
  const publicationId = await apiAsBrowser<string>(page, 'POST', '/publications/', {
    name: 'Nieuwsbrief goedkeuring',
    publicationTypeId: types.zuiderveenNewsletter,
  });
  await apiAsBrowser(
    page,
    'POST',
    `/publications/${publicationId}/type/${types.zuiderveenNewsletter}/tekst/dynamic`,
  );
  const blocks = await apiAsBrowser<PublicationBlockPage>(
    page,
    'GET',
    `/publications/${publicationId}/blocks`,
  );
  await apiAsBrowser(page, 'PUT', `/publications/${publicationId}/blocks/${blocks.data[0].id}`, {
    content: { text: '<p>Beste inwoner, de nieuwe speeltuin aan de Dorpsstraat gaat open.</p>' },
    version: blocks.data[0].version,
  });
  const list = await apiAsBrowser<{ id: string }>(page, 'POST', '/list/manual?title=Goedkeuring%20150');
  for (let index = 1; index <= recipients; index++) {
    const email = `goedkeuring-${index}@zuiderveen.example.nl`;
    await apiAsBrowser(page, 'POST', `/list/manual/${list.id}/subscriber`, { name: email, email });
  }
  const audience = await apiAsBrowser<string>(page, 'POST', '/audience?name=Goedkeuring%20150');
  await apiAsBrowser(page, 'POST', `/audience/${audience}/lists/add?listId=${list.id}`);
  return publicationId;
}

/**
 * The job page's status saying the job is sent. Its counts are labelled 'Verzonden' too, from the start:
 * a plain text match passed while the job was still sending, and the caught mail was then looked for too
 * early (seen at load 12 in a fresh-clone run).
 */
const sentChip = (page: Page) => page.locator('.MuiChip-label').getByText('Verzonden', { exact: true });

describe('approval before a large send, asked by one member and given by another', () => {
  let anneContext: BrowserContext;
  let anne: Page;
  let bramContext: BrowserContext;
  let bram: Page;
  let requestUrl = '';

  beforeAll(async () => {
    anneContext = await newDesktopContext(browser);
    anne = await anneContext.newPage();
    await signIn(anne, server.url, ANNE);
    bramContext = await newDesktopContext(browser);
    bram = await bramContext.newPage();
    await signIn(bram, server.url, BRAM);
  });
  afterAll(async () => {
    if (anne) await apiAsBrowser(anne, 'PUT', '/approval-settings', { minRecipients: null });
    await anneContext?.close();
    await bramContext?.close();
  });

  it("sets 'Goedkeuring' from 100 recipients on the settings page", async () => {
    await anne.goto(`${server.url}/settings/`);
    await anne.getByText('Uit: verzendingen gaan zonder goedkeuring.').waitFor();
    await anne.getByRole('link', { name: /Goedkeuring/ }).click();
    await anne.waitForURL(`${server.url}/settings/approval`);
    await anne.getByLabel('Goedkeuring vragen').check();
    await anne.getByLabel(/Vanaf aantal ontvangers/).fill('100');
    await anne.getByRole('button', { name: 'Opslaan' }).click();
    await anne.getByText('De goedkeuring is opgeslagen.').waitFor();
    await animationsSettled(anne);
    await screenshot(anne, 'approval-settings-desktop');
    expect(await axeViolations(anne)).toEqual([]);
    await anne.goto(`${server.url}/settings/`);
    await anne.getByText('Aan vanaf 100 ontvangers.').waitFor();
  });

  it("asks approval for a send to 150 with 'Verspreiden', and cannot approve it herself", async () => {
    const publicationId = await newsletterWithAudience(anne);
    await anne.goto(`${server.url}/publications/${publicationId}/deliver`);
    await anne.getByRole('combobox', { name: 'Sjabloon' }).click();
    await anne.getByRole('option', { name: 'Standaard' }).click();
    await anne.getByRole('combobox', { name: 'Doelgroep' }).click();
    await anne.getByRole('option', { name: 'Goedkeuring 150' }).click();
    const note = anne.getByTestId('deliver-approval');
    await note.getByText(/Na 'Verspreiden' wacht ze op goedkeuring door Bram Jansen/).waitFor();
    expect(await note.textContent()).toContain('150 ontvangers (goedkeuring vanaf 100)');
    await anne.getByRole('textbox', { name: /Typ 150 om te bevestigen/ }).fill('150');
    await animationsSettled(anne);
    await screenshot(anne, 'approval-deliver-desktop');
    expect(await axeViolations(anne)).toEqual([]);
    await anne.getByRole('button', { name: 'Verspreiden', exact: true }).click();

    await anne.waitForURL(/\/approvals\/[0-9a-f-]{36}$/);
    requestUrl = anne.url();
    await anne.getByText('Wacht op goedkeuring door Bram Jansen').waitFor();
    await anne.getByText('Je kunt je eigen aanvraag niet goedkeuren of afwijzen.').first().waitFor();
    expect(await anne.getByRole('button', { name: 'Goedkeuren' }).isDisabled()).toBe(true);
    // No job yet: the send waits for the approval.
    const jobs = await apiAsBrowser<{ total: number }>(
      anne,
      'GET',
      `/deliveryjobs?publicationId=${publicationId}`,
    );
    expect(jobs.total).toBe(0);
    await animationsSettled(anne);
    await screenshot(anne, 'approval-request-own-desktop');
  });

  it('shows the other member the badge and the request with preview and count; approving sends it', async () => {
    await bram.goto(`${server.url}/publications/`);
    const entry = bram.getByRole('link', { name: /Goed te keuren/ });
    await entry.getByTestId('approval-badge').getByText('1', { exact: true }).waitFor({ timeout: 60_000 });
    await entry.click();
    await bram.waitForURL(/\/approvals\/?$/);
    await bram
      .getByRole('link', { name: /Verspreiden van Nieuwsbrief goedkeuring/ })
      .first()
      .click();
    await bram.waitForURL(requestUrl);
    await bram.getByText('Ontvangers bij de aanvraag: 150').waitFor();
    await bram.getByTestId('approval-recipients').getByText('Ontvangers nu: 150').waitFor();
    const preview = bram.frameLocator('[data-testid="publication-preview-frame"]');
    await preview.getByText('de nieuwe speeltuin aan de Dorpsstraat gaat open', { exact: false }).waitFor();
    await animationsSettled(bram);
    await screenshot(bram, 'approval-request-desktop');
    expect(await axeViolations(bram)).toEqual([]);

    await bram.getByRole('button', { name: 'Goedkeuren' }).click();
    const dialog = bram.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Goedkeuren' }).click();
    await bram.getByText('Goedgekeurd: de verzending is aangemaakt.').waitFor();
    await bram.getByText(/^Goedgekeurd door Bram Jansen op /).waitFor();
    await bram.getByRole('link', { name: 'Naar de verzending' }).click();
    await bram.getByText(/^Goedgekeurd door Bram Jansen op /).waitFor();
    await sentChip(bram).waitFor({ timeout: 120_000 });
    await animationsSettled(bram);
    await screenshot(bram, 'approval-job-desktop');

    await bram.goto(caughtMailUrl(server.url, firstAddress));
    await bram
      .getByRole('row', { name: new RegExp(firstAddress) })
      .first()
      .waitFor();
    // The approvers' mail reached Bram, once.
    await bram.goto(caughtMailUrl(server.url, 'Goedkeuring gevraagd'));
    await expect.poll(() => bram.getByRole('row', { name: /bram@voorbeeld\.nl/ }).count()).toBe(1);
  });

  it('on a phone (390x844): shows a waiting request with its preview, and rejects it with a reason', async () => {
    const sent = await apiAsBrowser<{
      publicationId: string;
      publicationTemplateId: string;
      audienceId: string;
    }>(anne, 'GET', `/approvalrequests/${requestUrl.split('/').at(-1)}`);
    const second = await apiAsBrowser<{ id: string }>(anne, 'POST', '/approvalrequests', {
      publicationId: sent.publicationId,
      title: 'Herinnering goedkeuring',
      publicationTemplateId: sent.publicationTemplateId,
      audienceId: sent.audienceId,
    });
    const phone = await newPhoneContext(browser);
    try {
      const page = await phone.newPage();
      await signInWithRedirect(page, server.url, BRAM);
      await page.goto(`${server.url}/approvals/${second.id}`);
      const preview = page.frameLocator('[data-testid="publication-preview-frame"]');
      await preview.getByText('de nieuwe speeltuin aan de Dorpsstraat gaat open', { exact: false }).waitFor();
      await page.getByText('Ontvangers nu: 150').waitFor();
      await animationsSettled(page);
      await screenshot(page, 'approval-request-phone');
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Afwijzen' }).click();
      const panel = page.getByRole('dialog', { name: 'Aanvraag afwijzen' });
      await panel.getByRole('button', { name: 'Afwijzen' }).click();
      await panel.getByText('Reden is een verplicht veld').first().waitFor();
      await panel.getByLabel(/Reden/).fill('De speeltuin opent pas in juni.');
      await animationsSettled(page);
      await screenshot(page, 'approval-reject-phone');
      expect(await axeViolations(page)).toEqual([]);
      await panel.getByRole('button', { name: 'Afwijzen' }).click();
      await page
        .getByText(/^Afgewezen door Bram Jansen op .*Reden: De speeltuin opent pas in juni\.$/)
        .waitFor();

      await page.goto(`${server.url}/settings/approval`);
      await page.getByLabel(/Vanaf aantal ontvangers/).waitFor();
      await animationsSettled(page);
      await screenshot(page, 'approval-settings-phone');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await phone.close();
    }
    // The requester is told, with the reason.
    await anne.goto(caughtMailUrl(server.url, 'Afgewezen: Herinnering goedkeuring'));
    await anne
      .getByRole('row', { name: /anne@voorbeeld\.nl/ })
      .first()
      .waitFor();
  });
});

// A Redacteur sends only through a request while 'Goedkeuring' is on, however small the audience: Anne
// makes Bram Redacteur and turns approval on from 100; Bram asks to send to 3 addresses with
// 'Verspreiden'; Anne sees the badge, approves, and the job sends. Bram is Beheerder again afterwards.
describe("a Redacteur's send, asked with 'Verspreiden' and approved by a Beheerder", () => {
  let anneContext: BrowserContext;
  let anne: Page;
  let bramContext: BrowserContext | undefined;
  const smallAudience = 3;
  const address = (index: number) => `redacteur-${index}@zuiderveen.example.nl`;

  beforeAll(async () => {
    anneContext = await newDesktopContext(browser);
    anne = await anneContext.newPage();
    await signIn(anne, server.url, ANNE);
  });
  afterAll(async () => {
    if (anne) {
      await apiAsBrowser(anne, 'PUT', '/approval-settings', { minRecipients: null });
      await apiAsBrowser(anne, 'PUT', `/members/${demoUsers.bram.id}`, { role: 'administrator' });
    }
    await bramContext?.close();
    await anneContext?.close();
  });

  it('asks approval as a Redacteur for 3 recipients; a Beheerder approves and the job sends', async () => {
    // Anne: Bram becomes Redacteur on 'Leden', approval goes on from 100.
    await anne.goto(`${server.url}/members/`);
    await anne.getByRole('row', { name: new RegExp(BRAM) }).click();
    const rolePanel = anne.getByRole('dialog', { name: `Rol van ${BRAM}` });
    await rolePanel.getByRole('radio', { name: 'Redacteur' }).check();
    await rolePanel.getByRole('button', { name: 'Opslaan' }).click();
    await rolePanel.waitFor({ state: 'detached' });
    await anne.getByRole('row', { name: new RegExp(`${BRAM}.*Redacteur`) }).waitFor();
    await anne.goto(`${server.url}/settings/approval`);
    await anne.getByLabel('Goedkeuring vragen').check();
    await anne.getByLabel(/Vanaf aantal ontvangers/).fill('100');
    await anne.getByRole('button', { name: 'Opslaan' }).click();
    await anne.getByText('De goedkeuring is opgeslagen.').waitFor();

    const publicationId = await apiAsBrowser<string>(anne, 'POST', '/publications/', {
      name: 'Nieuwsbrief redacteur',
      publicationTypeId: types.zuiderveenNewsletter,
    });
    await apiAsBrowser(
      anne,
      'POST',
      `/publications/${publicationId}/type/${types.zuiderveenNewsletter}/tekst/dynamic`,
    );
    const list = await apiAsBrowser<{ id: string }>(anne, 'POST', '/list/manual?title=Redacteur%203');
    for (let index = 1; index <= smallAudience; index++) {
      const email = address(index);
      await apiAsBrowser(anne, 'POST', `/list/manual/${list.id}/subscriber`, { name: email, email });
    }
    const audience = await apiAsBrowser<string>(anne, 'POST', '/audience?name=Redacteur%203');
    await apiAsBrowser(anne, 'POST', `/audience/${audience}/lists/add?listId=${list.id}`);

    // Bram, Redacteur: writes the newsletter's text and asks to send it with 'Verspreiden'.
    bramContext = await newDesktopContext(browser);
    const bram = await bramContext.newPage();
    await signIn(bram, server.url, BRAM);
    const blocks = await apiAsBrowser<PublicationBlockPage>(
      bram,
      'GET',
      `/publications/${publicationId}/blocks`,
    );
    await apiAsBrowser(bram, 'PUT', `/publications/${publicationId}/blocks/${blocks.data[0].id}`, {
      content: { text: '<p>Beste inwoner, de bibliotheek heeft nieuwe openingstijden.</p>' },
      version: blocks.data[0].version,
    });
    await bram.goto(`${server.url}/publications/${publicationId}`);
    await bram.getByRole('button', { name: 'Blok toevoegen' }).waitFor();
    await bram.getByRole('button', { name: 'Verspreiden' }).click();
    const panel = bram.getByRole('dialog', { name: 'Nieuwsbrief redacteur verspreiden' });
    await panel.getByRole('combobox', { name: 'Sjabloon' }).click();
    await bram.getByRole('option', { name: 'Standaard' }).click();
    await panel.getByRole('combobox', { name: 'Doelgroep' }).click();
    await bram.getByRole('option', { name: 'Redacteur 3' }).click();
    const note = panel.getByTestId('deliver-approval');
    // The check's answer for the chosen audience (the one before it, without audience, counts 0).
    await note
      .getByText(/gaat naar 3 ontvangers\. Als Redacteur laat je elke verzending goedkeuren/)
      .waitFor();
    expect(await note.textContent()).toContain('Anne de Vries');
    await animationsSettled(bram);
    await screenshot(bram, 'approval-editor-deliver-desktop');
    expect(await axeViolations(bram)).toEqual([]);
    await panel.getByRole('button', { name: 'Verspreiden', exact: true }).click();
    await bram.waitForURL(/\/approvals\/[0-9a-f-]{36}$/);
    const requestUrl = bram.url();
    await bram.getByText(/^Goedkeuring aangevraagd\. De verzending wacht op Anne de Vries/).waitFor();
    await bram.getByText('Wacht op goedkeuring door Anne de Vries').waitFor();
    // A Redacteur may not approve: the button says so, disabled.
    expect(await bram.getByRole('button', { name: 'Goedkeuren' }).isDisabled()).toBe(true);
    await animationsSettled(bram);
    await screenshot(bram, 'approval-editor-request-desktop');
    expect(await axeViolations(bram)).toEqual([]);

    // Anne: the badge, the request, 'Goedkeuren'; the job is created and sends to the catcher.
    await anne.goto(`${server.url}/publications/`);
    const entry = anne.getByRole('link', { name: /Goed te keuren/ });
    await entry.getByTestId('approval-badge').getByText('1', { exact: true }).waitFor({ timeout: 60_000 });
    await entry.click();
    await anne.waitForURL(/\/approvals\/?$/);
    await anne
      .getByRole('link', { name: /Verspreiden van Nieuwsbrief redacteur/ })
      .first()
      .click();
    await anne.waitForURL(requestUrl);
    await anne.getByText(`Ontvangers bij de aanvraag: ${smallAudience}`).waitFor();
    await anne.getByRole('button', { name: 'Goedkeuren' }).click();
    await anne.getByRole('dialog').getByRole('button', { name: 'Goedkeuren' }).click();
    await anne.getByText('Goedgekeurd: de verzending is aangemaakt.').waitFor();
    const jobs = await apiAsBrowser<{ total: number }>(
      anne,
      'GET',
      `/deliveryjobs?publicationId=${publicationId}`,
    );
    expect(jobs.total).toBe(1);
    await anne.getByRole('link', { name: 'Naar de verzending' }).click();
    await anne.getByText(/^Goedgekeurd door Anne de Vries op /).waitFor();
    await sentChip(anne).waitFor({ timeout: 120_000 });
    await animationsSettled(anne);
    await screenshot(anne, 'approval-editor-job-desktop');
    expect(await axeViolations(anne)).toEqual([]);
    await anne.goto(caughtMailUrl(server.url, address(smallAudience)));
    await anne
      .getByRole('row', { name: new RegExp(address(smallAudience)) })
      .first()
      .waitFor();

    // On a phone, Bram's request page says it was approved.
    const phone = await newPhoneContext(browser);
    try {
      const page = await phone.newPage();
      await signInWithRedirect(page, server.url, BRAM);
      await page.goto(requestUrl);
      await page.getByText(/^Goedgekeurd door Anne de Vries op /).waitFor();
      await animationsSettled(page);
      await screenshot(page, 'approval-editor-request-phone');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
