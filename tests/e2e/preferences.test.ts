import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { publicationIds } from '../../server/src/seed/ids';
import { seriousFindings } from './support/axe';
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
import { signIn } from './support/signIn';

// The preference page as a recipient uses it: a newsletter sent to a list, 'Je voorkeuren' opened from the
// caught message, a list switched off and another on (seen in the console), 'Afmelden voor alles', and back
// through 'Opnieuw aanmelden' and the mailed confirmation. The public pages are checked with axe at desktop
// and phone size. The lists and the person are this file's own, so the shared seed stays as it was.

const baseUrl = sharedServerUrl();
const stamp = Date.now().toString(36);
const person = `voorkeuren.${stamp}@voorbeeld.nl`;
const wijknieuws = `Wijknieuws ${stamp}`;
const evenementen = `Evenementen ${stamp}`;
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** The text version of the newest caught message to the person whose subject matches. */
async function caughtText(page: Page, subject: RegExp): Promise<string> {
  await page.goto(caughtMailUrl(baseUrl, person));
  const row = page.getByRole('row', { name: subject }).first();
  await row.waitFor({ timeout: 30_000 });
  await row.click();
  await page.getByRole('tab', { name: 'Tekstversie' }).click();
  return (await page.locator('pre').first().textContent()) ?? '';
}

async function expectAccessible(tab: Page, name: string) {
  await animationsSettled(tab);
  expect(await seriousFindings(tab)).toEqual([]);
  await screenshot(tab, name);
}

describe('preference page: lists, unsubscribe from everything, re-subscribe', () => {
  let context: BrowserContext;
  let page: Page;
  let visitor: BrowserContext;
  let phone: BrowserContext;
  let mailbox: Page;
  const lists: Record<string, string> = {};
  let preferencesLink = '';

  beforeAll(async () => {
    context = await newDesktopContext(browser);
    page = await context.newPage();
    await signIn(page, baseUrl);
    visitor = await newDesktopContext(browser);
    phone = await newPhoneContext(browser);
    mailbox = await visitor.newPage();
  });
  afterAll(async () => {
    await visitor?.close();
    await phone?.close();
    await context?.close();
  });

  it("marks a list 'Openbaar' in the console and sends a newsletter to it", async () => {
    for (const title of [wijknieuws, evenementen]) {
      const list = await apiAsBrowser<{ id: string }>(
        page,
        'POST',
        `/list/manual?title=${encodeURIComponent(title)}`,
      );
      lists[title] = list.id;
    }
    await apiAsBrowser(page, 'POST', `/list/manual/${lists[wijknieuws]}/subscriber`, {
      name: 'Vera Voorkeur',
      email: person,
    });
    // The other list through the API, this one through its panel.
    await apiAsBrowser(
      page,
      'PUT',
      `/list/manual/${lists[evenementen]}?title=${encodeURIComponent(evenementen)}&isPublic=true`,
    );
    await page.goto(`${baseUrl}/recievers/lists/${lists[wijknieuws]}`);
    await page.getByRole('heading', { name: wijknieuws, level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Naam aanpassen' }).click();
    const panel = page.getByRole('dialog', { name: 'Naam aanpassen' });
    await panel.getByLabel('Openbaar (aanmeldformulieren en voorkeurenpagina)').check();
    await animationsSettled(page);
    await screenshot(page, 'list-public-flag-panel');
    await panel.getByRole('button', { name: 'Opslaan' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByText('Openbaar', { exact: true }).waitFor();

    const audienceId = await apiAsBrowser<string>(
      page,
      'POST',
      `/audience?name=${encodeURIComponent(wijknieuws)}`,
    );
    await apiAsBrowser(page, 'POST', `/audience/${audienceId}/lists/add?listId=${lists[wijknieuws]}`);
    const job = await apiAsBrowser<{ id: string }>(page, 'POST', '/deliveryjobs', {
      publicationId: publicationIds.publications.januaryNewsletter,
      publicationTemplateId: publicationIds.templates.zuiderveenStandard,
      title: `Nieuwsbrief ${wijknieuws}`,
      audienceId,
    });
    await expect
      .poll(
        async () => (await apiAsBrowser<{ status: string }>(page, 'GET', `/deliveryjobs/${job.id}`)).status,
        {
          timeout: 120_000,
          interval: 500,
        },
      )
      .toBe('Verzonden');
  });

  it("opens 'Je voorkeuren' from the caught mail, switches a list off and another on, and the console shows it", async () => {
    const text = await caughtText(page, /Nieuwsbrief januari/);
    preferencesLink = /Je voorkeuren: (https:\/\/\S+)/.exec(text)?.[1] ?? '';
    expect(preferencesLink).toContain('/v/');

    await mailbox.goto(preferencesLink);
    await mailbox.getByRole('heading', { name: 'Je voorkeuren', level: 1 }).waitFor();
    await mailbox.getByText(person).waitFor();
    expect(await mailbox.getByLabel(wijknieuws).isChecked()).toBe(true);
    expect(await mailbox.getByLabel(evenementen).isChecked()).toBe(false);
    await expectAccessible(mailbox, 'preferences-desktop');

    const onPhone = await phone.newPage();
    await onPhone.goto(preferencesLink);
    await onPhone.getByRole('heading', { name: 'Je voorkeuren', level: 1 }).waitFor();
    await expectAccessible(onPhone, 'preferences-phone');
    await onPhone.close();

    await mailbox.getByLabel(wijknieuws).uncheck();
    await mailbox.getByLabel(evenementen).check();
    await mailbox.getByRole('button', { name: 'Opslaan' }).click();
    await mailbox.getByRole('status').getByText('Je keuze is opgeslagen.').waitFor();
    expect(await mailbox.getByLabel(wijknieuws).isChecked()).toBe(false);
    expect(await mailbox.getByLabel(evenementen).isChecked()).toBe(true);
    await expectAccessible(mailbox, 'preferences-saved');

    await page.goto(`${baseUrl}/recievers/lists/${lists[evenementen]}`);
    await page.getByRole('cell', { name: 'Vera Voorkeur' }).waitFor();
    await page.goto(`${baseUrl}/recievers/lists/${lists[wijknieuws]}`);
    await page.getByText('Deze lijst heeft nog geen ontvangers.').waitFor();
  });

  it('unsubscribes from everything, then re-subscribes through the page and the mailed confirmation', async () => {
    await mailbox.goto(preferencesLink);
    await mailbox.getByRole('button', { name: 'Afmelden voor alles' }).click();
    await mailbox.getByRole('heading', { name: 'Je bent afgemeld voor alles' }).waitFor();
    await expectAccessible(mailbox, 'preferences-unsubscribed');

    await page.goto(`${baseUrl}/recievers/unsubscribers/`);
    await page.getByRole('cell', { name: person, exact: true }).waitFor();

    await mailbox.getByRole('button', { name: 'Opnieuw aanmelden' }).click();
    await mailbox.getByText('We hebben een e-mail gestuurd').waitFor();
    await expectAccessible(mailbox, 'preferences-resubscribe-mailed');

    const text = await caughtText(page, /Bevestig dat je weer berichten wilt ontvangen/);
    const confirmLink = /https:\/\/\S+\/bevestigen\/\S+/.exec(text)?.[0] ?? '';
    expect(confirmLink).not.toBe('');

    // Opening the link (on a phone first) asks to confirm and changes nothing.
    const onPhone = await phone.newPage();
    await onPhone.goto(confirmLink);
    await onPhone.getByRole('button', { name: 'Bevestigen' }).waitFor();
    await expectAccessible(onPhone, 'resubscribe-confirm-phone');
    await onPhone.close();
    await page.goto(`${baseUrl}/recievers/unsubscribers/`);
    await page.getByRole('cell', { name: person, exact: true }).waitFor();

    await mailbox.goto(confirmLink);
    await mailbox.getByRole('heading', { name: 'Opnieuw aanmelden' }).waitFor();
    await expectAccessible(mailbox, 'resubscribe-confirm-desktop');
    await mailbox.getByRole('button', { name: 'Bevestigen' }).click();
    await mailbox.getByRole('heading', { name: 'Je bent weer aangemeld' }).waitFor();
    await expectAccessible(mailbox, 'resubscribed');

    // Back among the recipients: no longer an unsubscriber, and the panel shows when and how.
    await expect
      .poll(async () => {
        const found = await apiAsBrowser<{ total: number }>(
          page,
          'GET',
          `/unsubscribers?search=${encodeURIComponent(person)}`,
        );
        return found.total;
      })
      .toBe(0);
    await page.goto(`${baseUrl}/recievers/lists/${lists[evenementen]}`);
    await page.getByRole('cell', { name: 'Vera Voorkeur' }).click();
    const panel = page.getByRole('dialog', { name: 'Ontvanger aanpassen' });
    await panel.getByText(/zelf opnieuw aangemeld op/).waitFor();
    await animationsSettled(page);
    await screenshot(page, 'subscriber-resubscribed-history');
  });
});
