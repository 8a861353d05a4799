import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousFindings } from './support/axe';
import {
  animationsSettled,
  newDesktopContext,
  newPhoneContext,
  releaseBrowser,
  screenshot,
  workerBrowser,
} from './support/browser';
import { startOwnServer } from './support/ownServer';
import type { ServerProcess } from './support/serverProcess';
import { ANNE, BRAM, signInWithPopup, signInWithRedirect } from './support/signIn';
import { journeyIds } from '../../server/src/seed/ids';

/**
 * Roles in Chromium: a Beheerder sets Bram's role on the environment's page 'Leden'; as a Lezer Bram
 * sees no action buttons on publications and lists (desktop and phone), as a Redacteur 'Verspreiden'
 * opens the deliver form, which says why it cannot send while 'Goedkeuring' is off. A Lezer looks at the media library and a journey without a single
 * action that would end in a 403. A server of its own: the roles set here must not reach other files.
 */
describe('roles in the console', () => {
  let server: ServerProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let page: Page;

  async function desktopPageOf(email: string): Promise<Page> {
    const context = await newDesktopContext(browser);
    contexts.push(context);
    const signedIn = await context.newPage();
    await signInWithPopup(signedIn, server.url, email);
    return signedIn;
  }

  /** The member's role set on 'Leden' by the signed-in Beheerder: the row's panel, a radio, 'Opslaan'. */
  async function setRole(admin: Page, email: string, role: string): Promise<void> {
    await admin.getByRole('link', { name: 'Leden' }).click();
    await admin.getByRole('row', { name: new RegExp(email) }).click();
    const panel = admin.getByRole('dialog', { name: `Rol van ${email}` });
    await panel.getByRole('radio', { name: role }).check();
    await panel.getByRole('button', { name: 'Opslaan' }).click();
    await panel.waitFor({ state: 'detached' });
    await admin.getByRole('row', { name: new RegExp(`${email}.*${role}`) }).waitFor();
  }

  /** A menu entry, through the drawer on a phone: the app stays loaded, so the role read stays known. */
  async function openMenuEntry(name: string, phone: boolean): Promise<void> {
    if (phone) {
      await page.getByRole('button', { name: 'Menu openen' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name, exact: true }).click();
    } else {
      await page.getByRole('link', { name, exact: true }).click();
    }
  }

  /** Bram's own role panel says it cannot be saved: the role has arrived in the console. */
  async function waitForRoleOnMembersPage(): Promise<void> {
    await page.getByRole('row', { name: new RegExp(BRAM) }).click();
    const panel = page.getByRole('dialog', { name: `Rol van ${BRAM}` });
    await expect
      .poll(() => panel.getByRole('button', { name: 'Opslaan' }).getAttribute('aria-disabled'))
      .toBe('true');
    await panel.getByRole('button', { name: 'Sluiten', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
  }

  /** As a Lezer (role known): a folder and a file's details, then the journey Welkom; no action anywhere. */
  async function lookAtMediaAndJourney(phone: boolean, suffix: string): Promise<void> {
    await openMenuEntry('Media', phone);
    await page.getByRole('button', { name: "Map Foto's openen" }).click();
    await page.getByRole('button', { name: 'Map Evenementen openen' }).click();
    const file = page.getByTestId('media-tile-file').first();
    await file.waitFor();
    expect(await page.getByTestId('media-tile-new-folder').count()).toBe(0);
    expect(await page.getByText(/Drag 'n' drop|Tik om een bestand te kiezen/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Naam wijzigen' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Map verwijderen' }).count()).toBe(0);
    await animationsSettled(page);
    await screenshot(page, `roles-reader-media-${suffix}`);
    await expect.poll(() => seriousFindings(page)).toEqual([]);

    await file.click();
    const details = page.getByRole('dialog', { name: 'Bestandsdetails' });
    await details.getByTestId('media-file-name').waitFor();
    await details.getByRole('button', { name: 'Downloaden' }).waitFor();
    for (const name of ['Naam wijzigen', 'Tag toevoegen', 'Verwijderen'])
      expect(await details.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    await animationsSettled(page);
    await screenshot(page, `roles-reader-media-file-${suffix}`);
    await expect.poll(() => seriousFindings(page)).toEqual([]);
    await details.getByRole('button', { name: 'Sluiten', exact: true }).click();
    await details.waitFor({ state: 'detached' });

    await openMenuEntry('Journeys', phone);
    await page
      .getByRole('row', { name: /Welkom/ })
      .first()
      .click();
    await page.waitForURL(`${server.url}/journeys/${journeyIds.welcome}`);
    const steps = page.getByRole('region', { name: /^Wacht/ }).first();
    await steps.waitFor();
    for (const name of ['Opslaan', 'Activeren', 'Stap toevoegen', 'Trigger toevoegen', 'Nu starten'])
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await page.getByRole('button', { name: /omhoog|omlaag|verwijderen/ }).count()).toBe(0);
    expect(await steps.getByRole('spinbutton').first().getAttribute('readonly')).not.toBeNull();
    await animationsSettled(page);
    await screenshot(page, `roles-reader-journey-${suffix}`);
    await expect.poll(() => seriousFindings(page)).toEqual([]);
  }

  beforeAll(async () => {
    server = await startOwnServer({ PLATFORM_ADMINS: ANNE });
    browser = await workerBrowser();
  });
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      if (page) await screenshot(page, `failed-roles-${task.name.replace(/\W+/g, '-')}`);
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await releaseBrowser(browser);
    await server?.stop();
  });

  it('a Beheerder makes Bram a Lezer on the page Leden', async () => {
    page = await desktopPageOf(ANNE);
    await setRole(page, BRAM, 'Lezer');
    await expect.poll(() => seriousFindings(page)).toEqual([]);
    await page.getByRole('row', { name: new RegExp(BRAM) }).click();
    await page.getByRole('dialog', { name: `Rol van ${BRAM}` }).waitFor();
    await animationsSettled(page);
    await screenshot(page, 'roles-members-panel-desktop');
    await expect.poll(() => seriousFindings(page)).toEqual([]);
  });

  it('a Lezer sees no action buttons on publications and lists', async () => {
    page = await desktopPageOf(BRAM);
    // Their own role panel says why it cannot be saved: the role has arrived in the console.
    await page.getByRole('link', { name: 'Leden' }).click();
    await page.getByRole('row', { name: new RegExp(BRAM) }).click();
    const panel = page.getByRole('dialog', { name: `Rol van ${BRAM}` });
    const save = panel.getByRole('button', { name: 'Opslaan' });
    await expect.poll(() => save.getAttribute('aria-disabled')).toBe('true');
    expect(await save.getAttribute('aria-describedby')).toBeTruthy();
    await panel.getByRole('button', { name: 'Sluiten', exact: true }).click();
    await panel.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Publicaties' }).click();
    // A publication's row, not the members' table still showing while the publications load.
    const publication = page.getByRole('row', { name: /Nieuwsbrief januari/ }).first();
    await publication.waitFor();
    expect(await page.getByRole('button', { name: /Nieuwe publicatie/i }).count()).toBe(0);
    await publication.click();
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await page.getByRole('link', { name: 'Analyse' }).waitFor();
    expect(await page.locator('.MuiCardActions-root button').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Blok toevoegen' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /verwijderen/i }).count()).toBe(0);
    await animationsSettled(page);
    await screenshot(page, 'roles-reader-publication-desktop');
    await expect.poll(() => seriousFindings(page)).toEqual([]);

    await page.goto(`${server.url}/recievers/lists/`);
    await page.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('button', { name: /Nieuwe lijst/i }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Verwijderen' }).count()).toBe(0);
    await screenshot(page, 'roles-reader-lists-desktop');
    await expect.poll(() => seriousFindings(page)).toEqual([]);
  });

  it('a Lezer sees no action buttons on a phone either', async () => {
    const context = await newPhoneContext(browser);
    contexts.push(context);
    page = await context.newPage();
    await signInWithRedirect(page, server.url, BRAM);
    await page.goto(`${server.url}/members/`);
    await page.getByRole('row', { name: new RegExp(BRAM) }).click();
    const save = page.getByRole('dialog').getByRole('button', { name: 'Opslaan' });
    await expect.poll(() => save.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('dialog').getByRole('button', { name: 'Sluiten', exact: true }).click();

    await page.goto(`${server.url}/publications/`);
    await page.getByRole('row').nth(1).click();
    await page.getByRole('link', { name: 'Analyse' }).waitFor();
    expect(await page.locator('.MuiCardActions-root button').count()).toBe(0);
    await animationsSettled(page);
    await screenshot(page, 'roles-reader-publication-phone');
    await expect.poll(() => seriousFindings(page)).toEqual([]);

    await page.goto(`${server.url}/recievers/lists/`);
    await page.getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('button', { name: 'Verwijderen' }).count()).toBe(0);
    await screenshot(page, 'roles-reader-lists-phone');
    await expect.poll(() => seriousFindings(page)).toEqual([]);
  });

  it('a Lezer looks at the media library and a journey without a single action', async () => {
    page = await desktopPageOf(BRAM);
    await page.getByRole('link', { name: 'Leden' }).click();
    await waitForRoleOnMembersPage();
    await lookAtMediaAndJourney(false, 'desktop');
  });

  it('a Lezer looks at the media library and a journey on a phone', async () => {
    const context = await newPhoneContext(browser);
    contexts.push(context);
    page = await context.newPage();
    await signInWithRedirect(page, server.url, BRAM);
    await page.goto(`${server.url}/members/`);
    await waitForRoleOnMembersPage();
    await lookAtMediaAndJourney(true, 'phone');
  });

  it("a Redacteur opens 'Verspreiden' and, with 'Goedkeuring' off, sees why it cannot send", async () => {
    const admin = await desktopPageOf(ANNE);
    await setRole(admin, BRAM, 'Redacteur');

    page = await desktopPageOf(BRAM);
    await page.getByRole('link', { name: 'Publicaties' }).click();
    await page.getByRole('row').nth(1).click();
    const deliver = page.getByRole('button', { name: 'Verspreiden' });
    await deliver.waitFor();
    // The role is known once 'Blok toevoegen' shows; 'Verspreiden' is then enabled (it may ask approval).
    await page.getByRole('button', { name: 'Blok toevoegen' }).waitFor();
    expect(await deliver.getAttribute('aria-disabled')).toBeNull();
    // What a Redacteur may do stays: editing the publication and its blocks.
    expect(await page.getByRole('button', { name: 'Aanpassen' }).getAttribute('aria-disabled')).toBeNull();
    await deliver.click();
    const panel = page.getByRole('dialog', { name: / verspreiden$/ });
    const blocker = panel.getByText(
      "Alleen een Verzender of Beheerder kan verspreiden. Met 'Goedkeuring' aan kun je een verzending laten goedkeuren.",
    );
    await blocker.waitFor();
    await blocker.scrollIntoViewIfNeeded();
    expect(await panel.getByRole('button', { name: 'Verspreiden' }).count()).toBe(0);
    await animationsSettled(page);
    await screenshot(page, 'roles-editor-deliver-blocked-desktop');
    await expect.poll(() => seriousFindings(page)).toEqual([]);
  });
});
