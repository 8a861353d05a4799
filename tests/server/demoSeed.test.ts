import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type OpenDatabase } from '../../server/src/db/client';
import { seedIfEmpty } from '../../server/src/seed';
import type { Journey } from '../../server/src/contract/journeys';
import type { ListImport } from '../../server/src/contract/listImports';
import type {
  DeliveryJob,
  PublicationBlock,
  RenderedPublication,
} from '../../server/src/contract/publications';
import type { RsvpSettingsRecord, RsvpSummary } from '../../server/src/contract/rsvp';
import type { AnalyticsReport } from '../../server/src/analytics/report';
import { analyticsEvents, analyticsHourly, rsvpMailOutbox } from '../../server/src/db/schema';
import { environmentIds, formIds, journeyIds, publicationIds, receiverIds, rsvpIds } from '../../server/src/seed/ids';
import { prepareMigratedDatabase } from './support/migratedDatabase';
import type { TestDatabase } from './support/testDatabase';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

// The demo is the first thing a new user sees: a fresh start must show the product's content, not empty
// states. This test starts a server on an empty database (it seeds as on a first start) and reads the
// demo back through the API, as the console does. SEED_DEMO is set so that this server seeds at its start
// itself instead of starting on the suite's seeded template (support/seededTemplate.ts).

const env = environmentIds.zuiderveen;
const { publications, templates } = publicationIds;

describe('the seeded demo on a fresh start', () => {
  let server: TestServer;
  let token: Tokens;

  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: 'on' });
    token = await server.signIn('anne@voorbeeld.nl');
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = <T>(method: string, path: string, query?: Record<string, string>) =>
    server.api<T>(method, path, { token, env, query });

  const blocksOf = async (publicationId: string) => {
    const response = await api<{ data: PublicationBlock[] }>('GET', `/publications/${publicationId}/blocks`);
    expect(response.status).toBe(200);
    return response.body.data;
  };

  it('gives every block of every Zuiderveen publication content', async () => {
    for (const publicationId of [
      publications.januaryNewsletter,
      publications.februaryNewsletter,
      publications.newYearReception,
      publications.residentsEvening,
    ]) {
      const blocks = await blocksOf(publicationId);
      expect(blocks.length).toBeGreaterThanOrEqual(3);
      for (const block of blocks) expect(Object.keys(block.content), block.blockType).not.toHaveLength(0);
    }
  });

  it('renders the February newsletter with its Dutch texts and its own generated images', async () => {
    const blocks = await blocksOf(publications.februaryNewsletter);
    const titles = blocks.map((block) => block.content.title);
    expect(titles).toContain('De nieuwe bibliotheek opent in De Spoorlijn');
    expect(titles).toContain('Werkzaamheden Dorpsstraat: vanaf 3 maart een omleiding');
    const rendered = await api<RenderedPublication>(
      'GET',
      `/publications/${publications.februaryNewsletter}/render`,
      { templateId: templates.zuiderveenExtended },
    );
    expect(rendered.status).toBe(200);
    expect(rendered.body.html).toContain('Buurtfeest Zuid: kom je ook?');
    // Images come from the seeded media library through the CDN, each a real JPEG made by the seed.
    const imageUrls = [...rendered.body.html.matchAll(/<img[^>]+src="([^"]+\/cdn\/[^"]+)"/g)].map((match) =>
      match[1].replaceAll('&amp;', '&'),
    );
    const blockImages = imageUrls.filter((url) => !url.includes('logo'));
    expect(blockImages.length).toBeGreaterThanOrEqual(3);
    for (const url of blockImages) {
      const image = await server.api('GET', new URL(url).pathname + new URL(url).search);
      expect(image.status, url).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
    }
  });

  it("renders 'Herinnering' and 'Uitnodiging' as different e-mails", async () => {
    const render = (templateId: string) =>
      api<RenderedPublication>('GET', `/publications/${publications.residentsEvening}/render`, {
        templateId,
      });
    const invitation = await render(templates.zuiderveenInvitation);
    const reminder = await render(templates.zuiderveenReminder);
    expect(invitation.status).toBe(200);
    expect(reminder.status).toBe(200);
    expect(reminder.body.html).not.toBe(invitation.body.html);
    // Both carry the same content, in their own look: the reminder names itself and is left-aligned.
    for (const { body } of [invitation, reminder]) expect(body.html).toContain('Presentatie en vragen');
    expect(reminder.body.html).toContain('HERINNERING');
    expect(invitation.body.html).not.toContain('HERINNERING');
  });

  it('has a form with answers', async () => {
    const page = await api<{ data: unknown[]; total: number }>(
      'GET',
      `/flows/${formIds.playgroundEvening}/submissions`,
    );
    expect(page.status).toBe(200);
    expect(page.body.total).toBeGreaterThanOrEqual(3);
  });

  it("has a draft journey 'Welkom' that can be activated as it stands", async () => {
    const list = await api<{ data: Journey[] }>('GET', '/journeys');
    expect(list.body.data.map(({ name, state }) => ({ name, state }))).toEqual([
      { name: 'Welkom', state: 'Concept' },
    ]);
    const welcome = await api<Journey>('GET', `/journeys/${journeyIds.welcome}`);
    expect(welcome.body.graph.triggers).toEqual([
      { kind: 'addedToList', listId: receiverIds.lists.residents, includeImports: false },
    ]);
    expect(welcome.body.graph.steps.map((step) => step.kind)).toEqual([
      'send',
      'wait',
      'condition',
      'send',
      'send',
      'end',
    ]);
    // Its publications, templates and list exist: activation accepts it. Stopped again, nobody enters.
    const activated = await server.api<Journey>('POST', `/journeys/${journeyIds.welcome}/publish`, {
      token,
      env,
      body: {},
    });
    expect(activated.status).toBe(200);
    expect(activated.body.state).toBe('Actief');
    expect((await api<Journey>('POST', `/journeys/${journeyIds.welcome}/stop`)).body.state).toBe('Gestopt');
  });

  it("shows a finished import in the residents' list's history, with counts and refused rows", async () => {
    const imports = await api<ListImport[]>('GET', `/list/manual/${receiverIds.lists.residents}/imports`);
    expect(imports.status).toBe(200);
    const [finished] = imports.body;
    expect(finished).toMatchObject({ status: 'Voltooid', added: 212, updated: 26, refused: 2 });
    expect(new Date(finished.finishedAt!).getTime()).toBeLessThan(Date.now());
    const refusals = await api<Array<{ rowNumber: number; reason: string; values: string[] }>>(
      'GET',
      `/list/manual/${receiverIds.lists.residents}/imports/${finished.id}/refusals`,
    );
    expect(refusals.status).toBe(200);
    expect(refusals.body.map((refusal) => refusal.reason)).toEqual([
      'ongeldig e-mailadres',
      'e-mailadres ontbreekt',
    ]);
  });

  it('has both newsletters and the invitation sent in the past and no job planned in the future', async () => {
    const page = await api<{ data: DeliveryJob[]; total: number }>('GET', '/deliveryjobs');
    expect(page.status).toBe(200);
    const now = Date.now();
    for (const job of page.body.data) {
      expect(new Date(job.scheduledAt).getTime(), job.title).toBeLessThan(now);
      expect(job.status, job.title).not.toBe('Gepland');
    }
    const sent = page.body.data.filter((job) => job.status === 'Verzonden');
    expect(sent.map((job) => job.publicationId).sort()).toEqual(
      [publications.januaryNewsletter, publications.februaryNewsletter, publications.residentsEvening].sort(),
    );
    for (const job of sent) {
      expect(job.sentCount).toBeGreaterThan(0);
      expect(job.sentCount).toBe(job.recipientCount);
      expect(new Date(job.finishedAt!).getTime()).toBeLessThan(now);
    }
  });

  it('shows the residents\' evening as an invitation being answered, ahead and full with a waiting list', async () => {
    const settings = await api<RsvpSettingsRecord>('GET', `/publications/${publications.residentsEvening}/rsvp`);
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ enabled: true, places: 40, waitingList: true, cancelled: false });
    expect(new Date(settings.body.startsAt).getTime()).toBeGreaterThan(Date.now());
    const summary = await api<RsvpSummary>('GET', `/publications/${publications.residentsEvening}/rsvp/summary`);
    expect(summary.status).toBe(200);
    // 37 answers: Ja's filling the 40 places (with guests), one Ja on the waiting list, 6 Misschien, 4 Nee.
    expect(summary.body).toMatchObject({ yes: 40, maybe: 6, no: 4, waiting: 1, placesLeft: 0 });
    expect(summary.body.noAnswer).toBeGreaterThan(0);
    expect(summary.body.invited).toBe(37 + summary.body.noAnswer);
    const jobs = await api<{ data: DeliveryJob[] }>('GET', '/deliveryjobs');
    const invitationJob = jobs.body.data.find((job) => job.id === rsvpIds.invitationJob);
    expect(invitationJob?.sentCount).toBe(summary.body.invited);
  });

  it('shows analytics figures for the February newsletter: tiles, a chart over hours and a links table', async () => {
    const report = await api<AnalyticsReport>('GET', `/publications/${publications.februaryNewsletter}/analytics`);
    expect(report.status).toBe(200);
    const body = report.body;
    expect(body.mode).toBe('Alleen totalen');
    expect(body.sent).toBeGreaterThan(0);
    expect(body.opens.unique).toBeGreaterThan(body.sent / 3);
    expect(body.opens.unique).toBeLessThan(body.sent);
    expect(body.opens.total).toBeGreaterThan(body.opens.unique);
    expect(body.opens.machine).toBeGreaterThan(0);
    expect(body.clicks.unique).toBeGreaterThan(0);
    expect(body.series.length).toBeGreaterThan(10);
    const seriesOpens = body.series.reduce((sum, point) => sum + point.opens, 0);
    const seriesClicks = body.series.reduce((sum, point) => sum + point.clicks, 0);
    expect(seriesOpens).toBe(body.opens.total);
    expect(seriesClicks).toBe(body.clicks.total);
    expect(body.links.map((link) => link.url).sort()).toEqual([
      'https://www.zuiderveen.nl/bibliotheek',
      'https://www.zuiderveen.nl/dorpsstraat',
      'https://www.zuiderveen.nl/fotos/buurtfeest-oost',
    ]);
    expect(body.links.reduce((sum, link) => sum + link.total, 0)).toBe(body.clicks.total);
  });
});

describe('the seeded demo in the database', () => {
  let dataDir: string;
  let testDatabase: TestDatabase | undefined;
  let opened: OpenDatabase;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-seed-'));
    testDatabase = await prepareMigratedDatabase(dataDir);
    opened = await openDatabase({ dataDir, databaseUrl: testDatabase?.url });
    await seedIfEmpty(opened.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    await opened?.close();
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves no RSVP e-mail to send to the demo addresses', async () => {
    const outbox = await opened.db.select().from(rsvpMailOutbox);
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.filter((row) => row.sentAt === null)).toEqual([]);
  });

  it('has rolled every analytics event up into the hourly counts', async () => {
    const events = await opened.db.select().from(analyticsEvents);
    const hourly = await opened.db.select().from(analyticsHourly);
    expect(events.length).toBeGreaterThan(0);
    expect(hourly.reduce((sum, row) => sum + row.total, 0)).toBe(events.length);
  });
});
