import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousFindings } from './axe';
import { releaseBrowser, workerBrowser, newDesktopContext, newPhoneContext, screenshot } from './browser';
import { firstRecordPaths } from './firstRowHref';
import { sharedServerUrl } from './sharedServer';
import { BRAM, signIn, signInWithRedirect } from './signIn';
import type { ReceiverList } from '../../../server/src/contract/receivers';
import type { SignUpForm } from '../../../server/src/contract/signUp';
import { environmentIds, journeyIds, publicationIds, receiverIds } from '../../../server/src/seed/ids';
import { apiAsBrowser } from './browserApi';

// axe-core over every route of the console and every panel it opens, at one viewport. The routes are the
// declared ones (src/resources), so a new page is walked as soon as it is declared, or the walk fails
// until it has a visit here. The walk is split into the console's areas, each its own test, and the two
// viewports are two files, so that each part has its own time limit and the end-to-end workers can run
// the viewports side by side.

const baseUrl = sharedServerUrl();

/** Waits until the page has its title and its data (no loading message), then expects no findings. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('#react-admin-title').textContent()).not.toBe('');
  // A page may load several parts at once (the answers page: its choices and its submissions).
  await expect.poll(() => page.getByText('Gegevens worden geladen…').count()).toBe(0);
  // Panels and menus slide in: a finding during the animation (half-transparent text) would be no finding.
  await expect.poll(() => seriousFindings(page)).toEqual([]);
  await screenshot(page, `a11y-${name}`);
}

/** A state of the page reached by more than a button that opens a dialog: checked after the page itself. */
interface PageState {
  name: string;
  /** Brings the page into that state and waits until it shows. */
  reach(page: Page): Promise<void>;
}

/**
 * One page the walk opens at a declared route, with records of the seed (or the walk's own, `ownRecords`)
 * for the routes that need an id.
 */
interface Visit {
  path: string;
  /** Buttons that open a dialog (a slide-over or a confirmation), each checked and closed with Escape. */
  panels: (string | RegExp)[];
  states?: PageState[];
}

/** The block editor: a block of the publication opened for editing. */
const blockEditor: PageState = {
  name: 'block-editor',
  async reach(page) {
    await page.getByTestId('publication-block').getByRole('button').first().click();
    await page.locator('[id^="block-editor-"]').first().waitFor();
    // The editor grows open; a check during the animation would see half-shown fields.
    await expect.poll(() => page.locator('.MuiCollapse-entered').count()).toBeGreaterThan(0);
  },
};

/** The media library's details panel of a seeded photo. */
const fileDetails: PageState = {
  name: 'file-details',
  async reach(page) {
    await page
      .getByTestId('media-tile-file')
      .filter({ has: page.getByText('zomerfeest', { exact: true }) })
      .click();
    await page
      .getByRole('dialog', { name: 'Bestandsdetails' })
      .getByRole('img', { name: 'Voorbeeld van zomerfeest' })
      .waitFor();
  },
};

/** A switch of a settings page turned on, so that the field it shows is checked too (nothing is saved). */
const switchedOn = (label: string, shows: string): PageState => ({
  name: 'switched-on',
  async reach(page) {
    await page.getByLabel(label).check();
    await page.getByLabel(shows).waitFor();
  },
});

/** A member's row clicked: the panel with their role (Bram's, as nobody changes their own). */
const memberRole: PageState = {
  name: 'member-role',
  async reach(page) {
    await page.getByRole('row', { name: new RegExp(BRAM) }).click();
    await page.getByRole('dialog', { name: `Rol van ${BRAM}` }).waitFor();
  },
};

/** The persons' table searched for an address, so that it shows a row. */
const personFound = (email: string): PageState => ({
  name: 'person-found',
  async reach(page) {
    await page.getByPlaceholder('Zoeken').fill(email);
    await page.getByRole('link', { name: email, exact: true }).waitFor();
  },
});

/** The console's areas, each one test of the walk, by the first part of a route. */
const areas = {
  publications: ['/publications'],
  receivers: ['/recievers'],
  'media, journeys, jobs and mail': ['/media', '/journeys', '/jobs', '/mail'],
  forms: ['/forms'],
  'settings and the rest': [],
} as const satisfies Record<string, readonly string[]>;

type Area = keyof typeof areas;

function areaOf(route: string): Area {
  const first = `/${route.split('/')[1] ?? ''}`;
  const area = (Object.keys(areas) as Area[]).find((name) =>
    (areas[name] as readonly string[]).includes(first),
  );
  return area ?? 'settings and the rest';
}

/** A message in the test mail catcher of its own, so that '/mail/:id' has one to show. */
async function caughtMessagePath(page: Page): Promise<string> {
  await apiAsBrowser(
    page,
    'POST',
    `/publications/${publicationIds.publications.januaryNewsletter}/test-sends`,
    {
      templateId: publicationIds.templates.zuiderveenStandard,
      addresses: ['toegankelijk@voorbeeld.nl'],
    },
  );
  const answer = await apiAsBrowser<{ id: string }[] | { data: { id: string }[] }>(
    page,
    'GET',
    '/mail-catcher/messages',
  );
  const messages = Array.isArray(answer) ? answer : answer.data;
  return `/mail/${messages[0]!.id}`;
}

/**
 * Records the demo seed does not have, made through the API as the console makes them: a public list
 * with one subscriber (a person to look up), a sign-up form for that list, and an approval request
 * asked by Bram, so that Anne may approve or reject it (the panels of a request's page).
 */
interface OwnRecords {
  signUpForm: string;
  person: string;
  approvalRequest: string;
}

async function ownRecords(page: Page, browser: Browser, size: string): Promise<OwnRecords> {
  const suffix = `${size}-${Date.now().toString(36)}`;
  const title = encodeURIComponent(`Toegankelijk ${suffix}`);
  const list = await apiAsBrowser<ReceiverList>(page, 'POST', `/list/manual?title=${title}`);
  await apiAsBrowser(page, 'PUT', `/list/manual/${list.id}?title=${title}&isPublic=true`);
  const person = `toegankelijk.${suffix}@voorbeeld.nl`;
  await apiAsBrowser(page, 'POST', `/list/manual/${list.id}/subscriber`, { name: person, email: person });
  const signUpForm = await apiAsBrowser<SignUpForm>(page, 'POST', '/signupforms', {
    name: `Toegankelijk ${suffix}`,
    listIds: [list.id],
    askedFields: ['firstName', 'lastName'],
    requiredFields: [],
    consentText: 'Ik wil de gekozen nieuwsbrieven per e-mail ontvangen.',
    confirmationSubject: 'Bevestig je aanmelding',
    confirmationText: 'Klik op de link hieronder om je aanmelding te bevestigen.',
    confirmedText: 'Je aanmelding is bevestigd.',
  });
  const bramContext = await newDesktopContext(browser);
  try {
    const bram = await bramContext.newPage();
    await signIn(bram, baseUrl, BRAM);
    const request = await apiAsBrowser<{ id: string }>(bram, 'POST', '/approvalrequests', {
      publicationId: publicationIds.publications.januaryNewsletter,
      title: `Toegankelijk ${suffix}`,
      publicationTemplateId: publicationIds.templates.zuiderveenStandard,
      audienceId: receiverIds.audiences.editorsTest,
    });
    return { signUpForm: signUpForm.id, person, approvalRequest: request.id };
  } finally {
    await bramContext.close();
  }
}

/**
 * The pages the walk opens, by the declared route (the react-router pattern of src/resources) each
 * belongs to. Every declared route needs at least one: a route declared without a visit here fails the
 * walk (see `declaredRoutePaths`). The platform pages are seen as a user who is no platform
 * administrator (their own file walks them as one).
 */
async function visitsByRoute(page: Page, own: OwnRecords): Promise<Record<string, Visit[]>> {
  const { publication, list, audience, form, question, job } = await firstRecordPaths(page, baseUrl);
  const mail = await caughtMessagePath(page);
  return {
    '/publications/': [{ path: '/publications/', panels: ['Nieuwe Publicatie'] }],
    '/publications/:id': [
      { path: publication, panels: ['Verspreiden', 'Aanpassen', 'Testverzending'], states: [blockEditor] },
      { path: '/publications/00000000-0000-0000-0000-000000000000', panels: [] },
    ],
    '/publications/:id/deliver': [{ path: `${publication}/deliver`, panels: [] }],
    '/publications/:id/analytics': [
      { path: `${publication}/analytics`, panels: [] },
      // The newsletter with analytics figures (tiles, chart, links).
      { path: `/publications/${publicationIds.publications.februaryNewsletter}/analytics`, panels: [] },
    ],
    '/publications/:id/rsvp': [
      { path: `${publication}/rsvp`, panels: ['Instellingen'] },
      // The seeded invitation with answers.
      { path: `/publications/${publicationIds.publications.residentsEvening}/rsvp`, panels: [] },
    ],
    '/recievers/': [{ path: '/recievers/', panels: [] }],
    // The row's delete button opens the one confirmation dialog (ConfirmDeletion).
    '/recievers/lists/': [{ path: '/recievers/lists/', panels: ['Nieuwe Lijst', /verwijderen/i] }],
    '/recievers/lists/:id': [
      { path: list, panels: ['Nieuwe ontvanger', 'Naam aanpassen', 'Labels aanpaasen'] },
    ],
    '/recievers/lists/:id/import': [{ path: `${list}/import`, panels: [] }],
    // An import of the list opened by its address: none is seeded, so the page says it does not exist.
    '/recievers/lists/:listId/import/:id': [
      { path: `${list}/import/00000000-0000-0000-0000-000000000000`, panels: [] },
    ],
    '/recievers/unsubscribers/': [{ path: '/recievers/unsubscribers/', panels: ['Nieuwe uitschrijver'] }],
    '/recievers/audiences/': [{ path: '/recievers/audiences/', panels: ['Nieuwe doelgroep'] }],
    '/recievers/audiences/:id': [{ path: audience, panels: ['Naam aanpassen'] }],
    '/recievers/audiences/:id/:audienceName': [{ path: `${audience}/Doelgroep`, panels: [] }],
    '/recievers/signupforms/': [
      { path: '/recievers/signupforms/', panels: ['Nieuw aanmeldformulier', /verwijderen/i] },
    ],
    '/recievers/signupforms/:id': [
      { path: `/recievers/signupforms/${own.signUpForm}`, panels: ['Aanmeldformulier aanpassen'] },
    ],
    '/recievers/persons/': [{ path: '/recievers/persons/', panels: [], states: [personFound(own.person)] }],
    '/recievers/persons/:id': [
      { path: `/recievers/persons/${encodeURIComponent(own.person)}`, panels: ['Wissen'] },
    ],
    '/media/*': [
      { path: '/media/', panels: ['Nieuwe Map'] },
      { path: "/media/Foto's", panels: [], states: [fileDetails] },
    ],
    '/journeys/': [{ path: '/journeys/', panels: [] }],
    '/journeys/:id': [{ path: `/journeys/${journeyIds.welcome}`, panels: [] }],
    '/jobs/': [{ path: '/jobs/', panels: [] }],
    '/jobs/:id': [{ path: job, panels: [] }],
    '/mail/': [{ path: '/mail/', panels: [] }],
    '/mail/:id': [{ path: mail, panels: [] }],
    '/forms': [{ path: '/forms', panels: ['Nieuw formulier'] }],
    '/forms/:id': [{ path: form, panels: ['Nieuwe vraag'] }],
    '/forms/:id/data': [{ path: `${form}/data`, panels: [] }],
    '/forms/:flowId/:id': [{ path: question, panels: [] }],
    '/settings/': [{ path: '/settings/', panels: [] }],
    '/settings/logo': [{ path: '/settings/logo', panels: [] }],
    '/settings/colors': [{ path: '/settings/colors', panels: [] }],
    '/settings/typography': [{ path: '/settings/typography', panels: [] }],
    '/settings/advanced': [{ path: '/settings/advanced', panels: [] }],
    '/settings/sender': [{ path: '/settings/sender', panels: [] }],
    '/settings/domain': [{ path: '/settings/domain', panels: [] }],
    '/settings/measuring': [{ path: '/settings/measuring', panels: [] }],
    '/settings/archive': [{ path: '/settings/archive', panels: [] }],
    '/settings/retention': [
      {
        path: '/settings/retention',
        panels: [],
        states: [switchedOn('Inactieve ontvangers verwijderen', 'Inactief na (maanden)')],
      },
    ],
    '/settings/approval': [
      {
        path: '/settings/approval',
        panels: [],
        states: [switchedOn('Goedkeuring vragen', 'Vanaf aantal ontvangers')],
      },
    ],
    '/settings/logboek': [{ path: '/settings/logboek', panels: [] }],
    '/members/': [{ path: '/members/', panels: [], states: [memberRole] }],
    '/logboek/': [{ path: '/logboek/', panels: [] }],
    '/approvals/': [{ path: '/approvals/', panels: [] }],
    '/approvals/:id': [{ path: `/approvals/${own.approvalRequest}`, panels: ['Goedkeuren', 'Afwijzen'] }],
    '/platform/environments': [{ path: '/platform/environments', panels: [] }],
    '/platform/environments/:id': [
      { path: `/platform/environments/${environmentIds.zuiderveen}`, panels: [] },
    ],
    '/platform/log': [{ path: '/platform/log', panels: [] }],
    '/environments': [{ path: '/environments', panels: [] }],
  };
}

/**
 * The declared routes (./declaredRoutePaths.ts). Its module is browser code, typechecked with the
 * console's (tsconfig.test.json), not with this suite's node code: it is imported by a name tsc does not follow.
 */
async function declaredRoutes(): Promise<string[]> {
  const module = './declaredRoutePaths';
  const { declaredRoutePaths } = (await import(/* @vite-ignore */ module)) as {
    declaredRoutePaths(): string[];
  };
  return declaredRoutePaths();
}

/** A path no route declares: the console's own 'not found' page. */
const undeclared: Visit = { path: '/bestaat-niet', panels: [] };

/** Opens each named panel of the page, checks it, and closes it with Escape. */
async function expectPanelsAccessible(page: Page, panels: (string | RegExp)[], name: string): Promise<void> {
  for (const [index, panel] of panels.entries()) {
    await page
      .getByRole('button', { name: panel, exact: typeof panel === 'string' })
      .first()
      .click();
    const dialog = page.getByRole('dialog').last();
    await dialog.waitFor();
    await expect.poll(() => seriousFindings(page)).toEqual([]);
    await screenshot(page, `a11y-${name}-panel-${index}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
}

const fileName = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';

const viewports = { desktop: newDesktopContext, phone: newPhoneContext };

/** The walk at one viewport: one test per area of the console, then the browser tab's names. */
export function describeAxeOnEveryRoute(size: keyof typeof viewports): void {
  describe(`axe-core finds nothing serious on any route (${size})`, () => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let visits: Record<string, Visit[]>;
    let declared: string[];
    let own: OwnRecords | undefined;

    beforeAll(async () => {
      declared = await declaredRoutes();
      browser = await workerBrowser();
      context = await viewports[size](browser);
      page = await context.newPage();
      if (size === 'phone') await signInWithRedirect(page, baseUrl, 'anne@voorbeeld.nl');
      else await signIn(page, baseUrl);
      own = await ownRecords(page, browser, size);
      visits = await visitsByRoute(page, own);
    });
    afterAll(async () => {
      // Bram's request is decided, so that Anne's badge in later files on this server does not count it.
      if (own) {
        await apiAsBrowser(page, 'POST', `/approvalrequests/${own.approvalRequest}/reject`, {
          reason: 'Alleen voor de toegankelijkheidscontrole.',
        });
      }
      await context?.close();
      await releaseBrowser(browser);
    });

    it('has a visit for every declared route, and only for declared ones', () => {
      expect(declared.filter((route) => !visits[route]?.length)).toEqual([]);
      expect(Object.keys(visits).filter((route) => !declared.includes(route))).toEqual([]);
    });

    it.each(Object.keys(areas) as Area[])('on every page and every panel it opens: %s', async (area) => {
      const routes = declared.filter((route) => areaOf(route) === area);
      const pages = routes.flatMap((route) => visits[route] ?? []);
      if (area === 'settings and the rest') pages.push(undeclared);
      for (const { path, panels, states = [] } of pages) {
        await page.goto(`${baseUrl}${path}`);
        await expectAccessible(page, `${size}-${fileName(path)}`);
        await expectPanelsAccessible(page, panels, `${size}-${fileName(path)}`);
        for (const state of states) {
          await state.reach(page);
          await expect.poll(() => seriousFindings(page)).toEqual([]);
          await screenshot(page, `a11y-${size}-${fileName(path)}-${state.name}`);
        }
      }
      // A declared route of this area without a visit fails here too, not only in the test above.
      expect(routes.filter((route) => !visits[route]?.length)).toEqual([]);
    });

    it('names each page in the browser tab', async () => {
      await page.goto(`${baseUrl}/recievers/lists/`);
      await expect.poll(() => page.title()).toBe('Lijsten – Digitaal publicatie platform');
      await page.goto(`${baseUrl}/bestaat-niet`);
      await expect.poll(() => page.title()).toBe('Niet gevonden – Digitaal publicatie platform');
      expect(await page.getByText('aangeklikt..').count()).toBe(0);
    });
  });
}
