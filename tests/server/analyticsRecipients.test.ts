import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPublicationMeasuring } from '../../server/src/analytics/measuringMode';
import {
  allRecipientResults,
  analyticsReport,
  pseudonym,
  recipientResultPage,
} from '../../server/src/analytics/report';
import { loadConfig } from '../../server/src/config';
import type { RecipientResult, RecipientResultsQuery } from '../../server/src/contract/analytics';
import { pageSize } from '../../server/src/contract/paging';
import { openDatabase, type Database, type OpenDatabase } from '../../server/src/db/client';
import { deliveryJobs, environmentMeasuring, trackedJobs } from '../../server/src/db/schema';
import { serverSecret } from '../../server/src/delivery/serverSecret';
import { createDeliveryJob } from '../../server/src/publications/deliveryJobs';
import { seedIfEmpty } from '../../server/src/seed';
import { environmentIds, publicationIds, receiverIds } from '../../server/src/seed/ids';
import { prepareSeededDatabase } from './support/seededTemplate';
import type { TestDatabase } from './support/testDatabase';
import { testActor } from './support/logActor';

// The recipient table of the analytics page against the database directly (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): paged, sorted and searched in SQL, and the CSV's keyset batches giving the same rows
// and the same sums as the tiles. More recipients than one CSV batch (1,000), so batches are crossed.

const env = environmentIds.zuiderveen;
const publicationId = publicationIds.publications.januaryNewsletter;
const people = 2300;

/** What recipient n (1…people) did: refused at sending every 25th, else opens and clicks by a rule. */
function model(n: number) {
  const failed = n % 25 === 0;
  const reads = !failed && n % 4 !== 0;
  return {
    email: `lezer.${String(n).padStart(5, '0')}@proef.nl`,
    failed,
    bounce: failed ? (n % 50 === 0 ? 'hard' : 'soft') : null,
    opens: reads ? (n % 3) + 1 : 0,
    clicks: reads && n % 5 === 0 ? 1 : 0,
    shown: failed || reads,
  };
}
const expected = Array.from({ length: people }, (_, index) => model(index + 1)).filter((row) => row.shown);

describe('analytics recipient table: paged in SQL, CSV by keyset', () => {
  let dataDir: string;
  let testDatabase: TestDatabase | undefined;
  let opened: OpenDatabase;
  let db: Database;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-analytics-recipients-'));
    testDatabase = await prepareSeededDatabase(dataDir);
    opened = await openDatabase({ dataDir, databaseUrl: testDatabase?.url });
    db = opened.db;
    await seedIfEmpty(db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    await db
      .insert(environmentMeasuring)
      .values({ environmentId: env, mode: 'Per persoon', legalBasis: 'Toestemming' });
    const job = await createDeliveryJob(
      db,
      env,
      testActor,
      {
        publicationId,
        publicationTemplateId: publicationIds.templates.zuiderveenStandard,
        title: 'Tabelproef',
        audienceId: receiverIds.audiences.editorsTest,
        scheduledAt: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
      },
      { catcher: true },
      new Date(),
    );
    await db
      .update(deliveryJobs)
      .set({ status: 'Verzonden', startedAt: new Date(Date.now() - 3600 * 1000) })
      .where(eq(deliveryJobs.id, job.id));
    await db
      .insert(trackedJobs)
      .values({ jobId: job.id, environmentId: env, publicationId, mode: 'Per persoon' });
    // The rule of model() in SQL, so thousands of rows go in with one statement each.
    await db.execute(sql`
      INSERT INTO delivery_recipients (job_id, environment_id, email, merge_values, status, detail)
      SELECT ${job.id}::uuid, ${env}::uuid, 'lezer.' || lpad(n::text, 5, '0') || '@proef.nl', '{}'::jsonb,
             CASE WHEN n % 25 = 0 THEN 'Mislukt' ELSE 'Verzonden' END,
             CASE WHEN n % 50 = 0 THEN 'Onbestelbaar: 550 5.1.1 User unknown'
                  WHEN n % 25 = 0 THEN '451 4.7.1 Try again later' END
      FROM generate_series(1, ${people}::int) AS n ORDER BY n`);
    const reader = sql`(SELECT r.id FROM delivery_recipients r WHERE r.job_id = ${job.id}::uuid
        AND r.email = 'lezer.' || lpad(n::text, 5, '0') || '@proef.nl')`;
    const readers = sql`generate_series(1, ${people}::int) AS n WHERE n % 25 <> 0 AND n % 4 <> 0`;
    const insertEvent = (kind: 'open' | 'click', machine: boolean, extra: ReturnType<typeof sql>) =>
      db.execute(sql`
        INSERT INTO analytics_events (environment_id, job_id, kind, position, message_key, recipient_id, machine,
                                      first, first_of_kind, occurred_at)
        SELECT ${env}::uuid, ${job.id}::uuid, ${kind}, ${kind === 'click' ? 0 : -1}, 'r:' || n, ${reader},
               ${machine}, false, false, now() - (n || ' seconds')::interval
        FROM ${readers} ${extra}`);
    // (n % 3) + 1 human opens: one for all, a second when n % 3 >= 1, a third when n % 3 = 2.
    await insertEvent('open', false, sql``);
    await insertEvent('open', false, sql`AND n % 3 >= 1`);
    await insertEvent('open', false, sql`AND n % 3 = 2`);
    await insertEvent('click', false, sql`AND n % 5 = 0`);
    // Machine opens are not a person's: counted apart in the tiles, nowhere in the table.
    await insertEvent('open', true, sql`AND n % 7 = 0`);
  });
  afterAll(async () => {
    await opened?.close();
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const page = async (query: RecipientResultsQuery) => {
    const result = await recipientResultPage(db, env, publicationId, query);
    if (!result) throw new Error('no personal results');
    return result;
  };
  const everyRow = async (query: { search?: string } = {}) => {
    const rows: RecipientResult[] = [];
    for await (const row of (await allRecipientResults(db, env, publicationId, query)) ?? []) rows.push(row);
    return rows;
  };

  it('pages by the one page size, sorted by recipient, with the total of all matches', async () => {
    const first = await page({});
    expect(first.total).toBe(expected.length);
    expect(first.data).toHaveLength(pageSize);
    expect(first.data.map((row) => row.recipient)).toEqual(
      expected.slice(0, pageSize).map((row) => row.email),
    );
    expect(first.data[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{64}$/),
      recipient: expected[0].email,
      opens: expected[0].opens,
      clicks: expected[0].clicks,
      firstOpenedAt: expect.any(String),
      bounce: null,
    });
    const lastOffset = Math.floor(expected.length / pageSize) * pageSize;
    const last = await page({ offset: lastOffset });
    expect(last.total).toBe(expected.length);
    expect(last.data.map((row) => row.recipient)).toEqual(expected.slice(lastOffset).map((row) => row.email));
    const beyond = await page({ offset: expected.length + 10 });
    expect(beyond).toEqual({ data: [], total: expected.length });
    const descending = await page({ order: 'DESC', limit: 3 });
    expect(descending.data.map((row) => row.recipient)).toEqual(
      expected
        .slice(-3)
        .reverse()
        .map((row) => row.email),
    );
  });

  it('sorts by opens (most first), keeps the bounced rows and searches by part of the address', async () => {
    const most = await page({ sort: 'opens', limit: 50 });
    expect(most.data.every((row) => row.opens === 3)).toBe(true);
    const clicks = await page({ sort: 'clicks', order: 'ASC', limit: 5 });
    expect(clicks.data.every((row) => row.clicks === 0)).toBe(true);
    const bounced = expected.find((row) => row.bounce === 'hard')!;
    const found = await page({ search: bounced.email.toUpperCase() });
    expect(found.data).toEqual([
      expect.objectContaining({ recipient: bounced.email, bounce: 'hard', opens: 0 }),
    ]);
    const part = 'lezer.0012';
    const matching = expected.filter((row) => row.email.includes(part));
    const searched = await page({ search: part });
    expect(searched.total).toBe(matching.length);
    expect(searched.data.map((row) => row.recipient)).toEqual(matching.map((row) => row.email));
    // LIKE's wildcards are plain characters in a search.
    expect((await page({ search: 'lezer_%' })).total).toBe(0);
  });

  it('gives the CSV every row of the table in keyset batches, with the sums of the tiles', async () => {
    const rows = await everyRow();
    expect(rows).toHaveLength(expected.length);
    expect(new Set(rows.map((row) => row.id)).size).toBe(expected.length);
    expect(rows.map((row) => row.recipient).sort()).toEqual(expected.map((row) => row.email));
    const report = await analyticsReport(db, env, publicationId);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(sum(rows.map((row) => row.opens))).toBe(report.opens.total);
    expect(sum(rows.map((row) => row.clicks))).toBe(report.clicks.total);
    expect(rows.filter((row) => row.bounce === 'hard')).toHaveLength(report.hardBounces);
    expect(rows.filter((row) => row.bounce === 'soft')).toHaveLength(report.softBounces);
    const searched = await everyRow({ search: 'lezer.0012' });
    expect(searched.map((row) => row.recipient).sort()).toEqual(
      expected.filter((row) => row.email.includes('lezer.0012')).map((row) => row.email),
    );
  });

  it('shows pseudonyms when the publication is pseudonymised: the same as computed here, and searchable', async () => {
    await setPublicationMeasuring(
      db,
      env,
      publicationId,
      { mode: 'Per persoon gepseudonimiseerd', legalBasis: null },
      testActor,
    );
    try {
      const key = await serverSecret(db, 'analytics-pseudonym');
      const { rows } = (await db.execute(
        sql`SELECT id::text AS id FROM delivery_recipients WHERE email = ${expected[0].email}`,
      )) as unknown as { rows: Array<{ id: string }> };
      const label = pseudonym(key, rows[0].id);
      const found = await page({ search: label.slice(-6) });
      expect(found.data.map((result) => result.recipient)).toContain(label);
      const first = await page({ limit: 10 });
      expect(first.total).toBe(expected.length);
      expect(first.data.every((result) => /^Lezer [0-9a-f]{10}$/.test(result.recipient))).toBe(true);
      expect((await page({ search: '@proef.nl' })).total).toBe(0);
    } finally {
      await setPublicationMeasuring(db, env, publicationId, null, testActor);
    }
  });
});
