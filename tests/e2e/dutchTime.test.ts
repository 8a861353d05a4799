import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { publicationIds } from '../../server/src/seed/ids';
import { axeViolations } from './support/axe';
import { DESKTOP, animationsSettled, releaseBrowser, screenshot, workerBrowser } from './support/browser';
import { apiAsBrowser } from './support/browserApi';
import { sharedServerUrl } from './support/sharedServer';
import { signIn } from './support/signIn';

// Times mean Dutch time, whatever the browser's zone (issue 42, item 6): a browser set to UTC and one set
// to Europe/Amsterdam type the same RSVP start and the same journey 'Tot een datum' and store the same
// moment; every date-time input says it is Dutch time.

const baseUrl = sharedServerUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

/** 14:00 on 12 June 2027 in the Netherlands (summer time, UTC+2); 09:00 on 12 January 2028 (UTC+1). */
const rsvpStart = { typed: '12-06-2027 14:00', stored: '2027-06-12T12:00:00.000Z' };
const rsvpEnd = { typed: '12-06-2027 16:00', stored: '2027-06-12T14:00:00.000Z' };
const waitUntil = { typed: '12-01-2028 09:00', stored: '2028-01-12T08:00:00.000Z' };

for (const timezoneId of ['UTC', 'Europe/Amsterdam']) {
  describe(`a browser in ${timezoneId}`, () => {
    let context: BrowserContext;
    let page: Page;
    const suffix = `${timezoneId.replace('/', '-')} ${Date.now().toString(36)}`;

    beforeAll(async () => {
      context = await browser.newContext({
        ignoreHTTPSErrors: true,
        viewport: DESKTOP,
        locale: 'nl-NL',
        timezoneId,
      });
      page = await context.newPage();
      await signIn(page, baseUrl);
      // The browser's own clock is in the zone under test.
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('stores an RSVP start typed as 14:00 as 14:00 Dutch time, and shows it so after a reload', async () => {
      const publicationId = await apiAsBrowser<string>(page, 'POST', '/publications/', {
        name: `Tijdproef ${suffix}`,
        publicationTypeId: publicationIds.types.zuiderveenInvitation,
      });
      await page.goto(`${baseUrl}/publications/${publicationId}/rsvp`);
      await page.getByRole('button', { name: 'Instellingen' }).click();
      const panel = page.getByRole('dialog', { name: 'Instellingen van de uitnodiging' });
      await panel.getByLabel('Deze publicatie is een uitnodiging').check();
      await panel.getByLabel(/^Naam van de bijeenkomst/).fill(`Tijdproef ${suffix}`);
      const starts = panel.getByRole('textbox', { name: /^Begin/ });
      await starts.fill(rsvpStart.typed);
      await panel.getByRole('textbox', { name: /^Einde/ }).fill(rsvpEnd.typed);
      await panel.getByLabel(/^Plaatsen/).fill('20');
      // The field says which time it means.
      await panel.getByText('Nederlandse tijd.').first().waitFor();
      await animationsSettled(page);
      await screenshot(page, `dutch-time-rsvp-${timezoneId.replace('/', '-')}`);
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      await panel.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('Instellingen opgeslagen').waitFor();

      const stored = await apiAsBrowser<{ startsAt: string; endsAt: string }>(
        page,
        'GET',
        `/publications/${publicationId}/rsvp`,
      );
      expect(new Date(stored.startsAt).toISOString()).toBe(rsvpStart.stored);
      expect(new Date(stored.endsAt).toISOString()).toBe(rsvpEnd.stored);

      await page.reload();
      await page.getByRole('button', { name: 'Instellingen' }).click();
      await expect
        .poll(() => panel.getByRole('textbox', { name: /^Begin/ }).inputValue())
        .toBe(rsvpStart.typed);
    });

    it("stores a journey's 'Tot een datum' typed as 09:00 as 09:00 Dutch time", async () => {
      const journey = await apiAsBrowser<{ id: string }>(page, 'POST', '/journeys', {
        name: `Tijdproef ${suffix}`,
      });
      await apiAsBrowser(page, 'PUT', `/journeys/${journey.id}`, {
        graph: {
          triggers: [{ kind: 'manual' }],
          start: 'wacht',
          steps: [
            {
              id: 'wacht',
              kind: 'wait',
              wait: { type: 'untilDate', at: '2028-01-01T11:00:00.000Z' },
              next: 'einde',
            },
            { id: 'einde', kind: 'end' },
          ],
          settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
        },
      });
      await page.goto(`${baseUrl}/journeys/${journey.id}`);
      const step = page.getByRole('region', { name: 'Wacht (wacht)' });
      const until = step.getByRole('textbox', { name: /^Tot/ });
      // The stored moment, shown in Dutch time: 11:00 UTC is 12:00 in winter.
      await expect.poll(() => until.inputValue()).toBe('01-01-2028 12:00');
      await step.getByText('Nederlandse tijd.').waitFor();
      await until.fill(waitUntil.typed);
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('De journey is opgeslagen.').waitFor();
      const saved = await apiAsBrowser<{ graph: { steps: Array<{ id: string; wait?: { at?: string } }> } }>(
        page,
        'GET',
        `/journeys/${journey.id}`,
      );
      const wait = saved.graph.steps.find((candidate) => candidate.id === 'wacht');
      expect(new Date(wait!.wait!.at!).toISOString()).toBe(waitUntil.stored);
      await animationsSettled(page);
      await screenshot(page, `dutch-time-journey-${timezoneId.replace('/', '-')}`);
      expect(await axeViolations(page, 'main')).toEqual([]);
    });
  });
}
