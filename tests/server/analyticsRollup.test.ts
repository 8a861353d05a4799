import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch, type TrackedEvent } from '../../server/src/analytics/eventWriter';
import { analyticsReport, allRecipientResults } from '../../server/src/analytics/report';
import { deleteExpiredEvents, rollUp } from '../../server/src/analytics/rollup';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type Database, type OpenDatabase } from '../../server/src/db/client';
import {
  analyticsEvents,
  analyticsHourly,
  audienceLists,
  audiences,
  deliveryJobs,
  deliveryRecipients,
  environmentMeasuring,
  lists,
  subscribers,
  trackedJobs,
  trackedLinks,
} from '../../server/src/db/schema';
import { createDeliveryJob } from '../../server/src/publications/deliveryJobs';
import { deleteSubscriber } from '../../server/src/receivers/subscriberWrites';
import { seedIfEmpty } from '../../server/src/seed';
import { environmentIds, publicationIds } from '../../server/src/seed/ids';
import { prepareSeededDatabase } from './support/seededTemplate';
import type { TestDatabase } from './support/testDatabase';
import { testActor } from './support/logActor';

// The stored side of analytics against the database directly (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): rollups plus the tail agree with the raw events, retention keeps the counts, and
// deleting a subscriber deletes their events but not the counts.

const env = environmentIds.zuiderveen;
const publicationId = publicationIds.publications.januaryNewsletter;
const hour = 60 * 60 * 1000;

describe('analytics storage: rollups, retention and subscriber deletion', () => {
  let dataDir: string;
  let testDatabase: TestDatabase | undefined;
  let opened: OpenDatabase;
  let db: Database;
  let jobId: string;
  let subscriberId: string;
  let listId: string;
  let recipientIds: number[];
  const sentAt = new Date(Date.now() - 10 * 24 * hour);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-analytics-'));
    testDatabase = await prepareSeededDatabase(dataDir);
    opened = await openDatabase({ dataDir, databaseUrl: testDatabase?.url });
    db = opened.db;
    await seedIfEmpty(db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    await db
      .insert(environmentMeasuring)
      .values({ environmentId: env, mode: 'Per persoon', legalBasis: 'Toestemming' });
    const [audience] = await db
      .insert(audiences)
      .values({ environmentId: env, name: 'Meetproef' })
      .returning();
    const [list] = await db.insert(lists).values({ environmentId: env, title: 'Meetlijst' }).returning();
    listId = list.id;
    const [subscriber] = await db
      .insert(subscribers)
      .values({ listId: list.id, email: 'lezer@proef.nl', name: 'Lezer' })
      .returning();
    subscriberId = subscriber.id;
    await db.insert(audienceLists).values({ audienceId: audience.id, listId: list.id });
    const job = await createDeliveryJob(
      db,
      env,
      testActor,
      {
        publicationId,
        publicationTemplateId: publicationIds.templates.zuiderveenStandard,
        title: 'Meetproef',
        audienceId: audience.id,
      },
      { catcher: false },
      new Date(Date.now() - 60_000),
    );
    jobId = job.id;
    await db
      .update(deliveryJobs)
      .set({ startedAt: sentAt, status: 'Verzonden', sentCount: 2 })
      .where(eq(deliveryJobs.id, jobId));
    const recipients = await db
      .insert(deliveryRecipients)
      .values([
        {
          jobId,
          environmentId: env,
          subscriberId,
          email: 'lezer@proef.nl',
          mergeValues: {},
          status: 'Verzonden',
        },
        {
          jobId,
          environmentId: env,
          subscriberId: null,
          email: 'ander@proef.nl',
          mergeValues: {},
          status: 'Verzonden',
        },
      ])
      .returning({ id: deliveryRecipients.id });
    recipientIds = recipients.map((row) => row.id);
    await db.insert(trackedJobs).values({ jobId, environmentId: env, publicationId, mode: 'Per persoon' });
    await db.insert(trackedLinks).values([
      { jobId, position: 0, url: 'https://www.zuiderveen.nl/a' },
      { jobId, position: 1, url: 'https://www.zuiderveen.nl/b' },
    ]);
  });
  afterAll(async () => {
    await opened?.close();
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const event = (
    recipient: number,
    kind: 'open' | 'click',
    position: number,
    at: Date,
    machine = false,
  ): TrackedEvent => ({
    environmentId: env,
    jobId,
    kind,
    position,
    messageKey: `r:${recipient}`,
    recipientId: recipient,
    machine,
    occurredAt: at,
  });

  const totals = async () => {
    const report = await analyticsReport(db, env, publicationId);
    const recipients = [];
    for await (const row of (await allRecipientResults(db, env, publicationId, {})) ?? [])
      recipients.push(row);
    return {
      opens: report.opens,
      clicks: report.clicks,
      chartOpens: report.series.reduce((sum, point) => sum + point.opens, 0),
      chartClicks: report.series.reduce((sum, point) => sum + point.clicks, 0),
      recipientOpens: recipients.reduce((sum, row) => sum + row.opens, 0),
      recipientClicks: recipients.reduce((sum, row) => sum + row.clicks, 0),
      links: report.links,
    };
  };

  it('counts the same before and after the rollup, in tiles, chart, links and per recipient', async () => {
    const [reader, other] = recipientIds;
    const day1 = new Date(sentAt.getTime() + hour);
    const day3 = new Date(sentAt.getTime() + 3 * 24 * hour);
    await writeBatch(db, [
      event(reader, 'open', -1, day1),
      event(reader, 'open', -1, day3),
      event(reader, 'click', 0, day1),
      event(reader, 'click', 0, day1),
      event(reader, 'click', 1, day3),
      event(other, 'open', -1, day1, true),
      event(other, 'open', -1, day3),
    ]);
    const before = await totals();
    expect(before.opens).toEqual({ unique: 2, total: 3, machine: 1 });
    expect(before.clicks).toEqual({ unique: 1, total: 3, machine: 0 });
    expect(before.links).toEqual([
      { url: 'https://www.zuiderveen.nl/a', unique: 1, total: 2 },
      { url: 'https://www.zuiderveen.nl/b', unique: 1, total: 1 },
    ]);
    expect(before).toMatchObject({ chartOpens: 3, chartClicks: 3, recipientOpens: 3, recipientClicks: 3 });
    // After 48 hours from the job's start the chart goes per day: the day-3 events share one point at
    // midnight UTC. (All jobs count from the publication's first send, which the seed puts long ago.)
    const report = await analyticsReport(db, env, publicationId, jobId);
    expect(report.series.at(-1)?.at).toMatch(/T00:00:00\.000Z$/);
    const firstHour = new Date(Math.floor(day1.getTime() / hour) * hour).toISOString();
    expect(report.series.map((point) => point.at)).toEqual([
      firstHour,
      new Date(Date.UTC(day3.getUTCFullYear(), day3.getUTCMonth(), day3.getUTCDate())).toISOString(),
    ]);

    expect(await rollUp(db, new Date())).toBe(7);
    expect(
      (await db.select().from(analyticsHourly).where(eq(analyticsHourly.jobId, jobId))).length,
    ).toBeGreaterThan(0);
    expect(await totals()).toEqual(before);
    // Nothing new: the rollup moves nothing and counts stay.
    expect(await rollUp(db, new Date())).toBe(0);
    expect(await totals()).toEqual(before);
  });

  it('keeps events younger than the settle time for the next rollup (they are read from the tail)', async () => {
    const now = new Date();
    await writeBatch(db, [event(recipientIds[1], 'click', 0, now)]);
    expect(await rollUp(db, now)).toBe(0);
    expect((await analyticsReport(db, env, publicationId)).clicks.total).toBe(4);
    expect(await rollUp(db, new Date(now.getTime() + 2 * 60_000))).toBe(1);
    expect((await analyticsReport(db, env, publicationId)).clicks.total).toBe(4);
  });

  it('deletes raw events past the retention, keeping the counts', async () => {
    const report = await analyticsReport(db, env, publicationId);
    const eventsOfThisJob = async () =>
      (await db.select().from(analyticsEvents).where(eq(analyticsEvents.jobId, jobId))).length;
    const kept = (await eventsOfThisJob()) - 7;
    // The seven events of 7 and 10 days ago go (with the demo seed's older ones); the click of just now stays.
    expect(await deleteExpiredEvents(db, new Date(), 5)).toBeGreaterThanOrEqual(7);
    expect(await eventsOfThisJob()).toBe(kept);
    expect(kept).toBeGreaterThan(0);
    const after = await analyticsReport(db, env, publicationId);
    expect(after.opens).toEqual(report.opens);
    expect(after.clicks).toEqual(report.clicks);
  });

  it("deletes a subscriber's events with the subscriber; the counts stay", async () => {
    const [reader] = recipientIds;
    await writeBatch(db, [event(reader, 'open', -1, new Date())]);
    const report = await analyticsReport(db, env, publicationId);
    expect(
      await deleteSubscriber(db, { environmentId: env, id: listId, title: 'Test' }, subscriberId, testActor),
    ).toBe(true);
    const left = await db.select().from(analyticsEvents).where(eq(analyticsEvents.recipientId, reader));
    expect(left).toEqual([]);
    const after = await analyticsReport(db, env, publicationId);
    expect(after.opens).toEqual(report.opens);
    expect(after.clicks).toEqual(report.clicks);
  });

  it("keeps another environment's report empty", async () => {
    const other = await analyticsReport(db, environmentIds.cultuurhuis, publicationId);
    expect(other.jobs).toEqual([]);
    expect(other.opens).toEqual({ unique: 0, total: 0, machine: 0 });
  });
});
