// `npm run bench:analytics`: the analytics page's reads at size. Loads BENCH_RECIPIENTS (default 100,000)
// recipients of one job and BENCH_EVENTS (default 1,000,000) opens and clicks into a fresh database
// (PGlite in a temporary directory, or a fresh PostgreSQL database next to DATABASE_URL), rolls them up
// but leaves a tail of 1 % after the mark (as between two rollup runs), then times, in this process:
// the report (tiles, chart and links: one call), the recipient table's first page (plain and searched)
// and its CSV as the route streams it (personal mode), with the memory peaks while it streams.
// Each read runs 5 times; the median and the slowest are printed, with the RSS around the CSV.
// Short mode (shortMode.ts): 500 recipients, 5,000 events.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { allRecipientResults, analyticsReport, recipientResultPage } from '../server/src/analytics/report';
import { rollUp, rollupSettleMs } from '../server/src/analytics/rollup';
import { loadConfig } from '../server/src/config';
import { dutchCsv } from '../server/src/csv/dutchCsv';
import { analyze, openDatabase } from '../server/src/db/client';
import { deliveryJobs, environmentMeasuring, trackedJobs } from '../server/src/db/schema';
import { createDeliveryJob } from '../server/src/publications/deliveryJobs';
import { seedIfEmpty } from '../server/src/seed';
import { demoUsers, environmentIds, publicationIds, receiverIds } from '../server/src/seed/ids';
import { createTestDatabase } from '../tests/server/support/testDatabase';
import { benchSetting } from './shortMode';
import { reportRows } from './table';

const recipients = benchSetting('BENCH_RECIPIENTS', 100_000, 500);
const events = benchSetting('BENCH_EVENTS', 1_000_000, 5_000);
const env = environmentIds.zuiderveen;
const publicationId = publicationIds.publications.januaryNewsletter;
const links = 20;

const mb = (bytes: number) => Math.round(bytes / 1048576);

async function timed<T>(
  runs: number,
  read: () => Promise<T>,
): Promise<{ median: number; max: number; value: T }> {
  const times: number[] = [];
  let value!: T;
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    value = await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], max: times[times.length - 1], value };
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  const database = adminUrl ? await createTestDatabase(adminUrl) : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-bench-analytics-'));
  const opened = await openDatabase({ dataDir, databaseUrl: database?.url });
  const db = opened.db;
  try {
    await seedIfEmpty(db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    await db
      .insert(environmentMeasuring)
      .values({ environmentId: env, mode: 'Per persoon', legalBasis: 'Bench' });
    const job = await createDeliveryJob(
      db,
      env,
      { userId: demoUsers.anne.id, name: demoUsers.anne.name },
      {
        publicationId,
        publicationTemplateId: publicationIds.templates.zuiderveenStandard,
        title: 'Bench',
        audienceId: receiverIds.audiences.editorsTest,
        scheduledAt: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
      },
      { catcher: true },
      new Date(),
    );
    const started = new Date(Date.now() - 5 * 24 * 3600 * 1000);
    await db
      .update(deliveryJobs)
      .set({ status: 'Verzonden', startedAt: started, sentCount: recipients })
      .where(sql`id = ${job.id}`);
    await db
      .insert(trackedJobs)
      .values({ jobId: job.id, environmentId: env, publicationId, mode: 'Per persoon' });
    const loading = performance.now();
    await db.execute(sql`
      INSERT INTO delivery_recipients (job_id, environment_id, email, merge_values, status)
      SELECT ${job.id}::uuid, ${env}::uuid, 'lezer.' || n || '@voorbeeld.nl', '{}'::jsonb, 'Verzonden'
      FROM generate_series(1, ${recipients}::int) AS n`);
    await db.execute(sql`
      INSERT INTO tracked_links (job_id, position, url)
      SELECT ${job.id}::uuid, n, 'https://www.zuiderveen.nl/pagina-' || n FROM generate_series(0, ${links - 1}::int) AS n`);
    const firstRecipient = Number(
      (
        (await db.execute(
          sql`SELECT min(id) AS id FROM delivery_recipients WHERE job_id = ${job.id}`,
        )) as unknown as {
          rows: Array<{ id: string }>;
        }
      ).rows[0].id,
    );
    // Events spread over 5 days; a third clicks over 20 links; each recipient's first event marked first.
    const insertEvents = (from: number, to: number, at: string) =>
      db.execute(sql`
        INSERT INTO analytics_events (environment_id, job_id, kind, position, message_key, recipient_id, machine, first, first_of_kind, occurred_at)
        SELECT ${env}::uuid, ${job.id}::uuid,
               CASE WHEN n % 3 = 0 THEN 'click' ELSE 'open' END,
               CASE WHEN n % 3 = 0 THEN n % ${links}::int ELSE -1 END,
               'r:' || (${firstRecipient} + n % ${recipients}),
               ${firstRecipient} + n % ${recipients},
               n % 10 = 0,
               n <= ${recipients}::int, n <= ${recipients}::int,
               ${at}::timestamptz - ((n % 7200) || ' minutes')::interval
        FROM generate_series(${from}::int, ${to}::int) AS n`);
    const tail = Math.floor(events / 100);
    for (let from = 1; from <= events - tail; from += 200_000) {
      await insertEvents(from, Math.min(from + 199_999, events - tail), new Date().toISOString());
    }
    await rollUp(db, new Date(Date.now() + rollupSettleMs));
    await insertEvents(events - tail + 1, events, new Date().toISOString());
    // PostgreSQL's autovacuum visits an append-only table after its inserts (autovacuum_vacuum_insert_*),
    // which marks its pages all-visible, so the recipient figures come from the covering index alone. Done
    // here at once instead of waiting for it; on PGlite (no autovacuum) it is what a maintenance run does.
    await db.execute(sql`VACUUM analytics_events`);
    await analyze(db);
    console.log(
      `\nDriver: ${database ? 'PostgreSQL' : 'PGlite'}; ${recipients.toLocaleString('en')} recipients, ` +
        `${events.toLocaleString('en')} events (${tail.toLocaleString('en')} in the tail); loaded in ` +
        `${((performance.now() - loading) / 1000).toFixed(1)} s; load: ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );

    const report = await timed(5, () => analyticsReport(db, env, publicationId));
    const people = await timed(3, async () => (await recipientResultPage(db, env, publicationId, {}))!);
    const search = await timed(
      3,
      async () => (await recipientResultPage(db, env, publicationId, { search: 'lezer.4242' }))!,
    );
    const heapBefore = process.memoryUsage().heapUsed;
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    let heapPeak = heapBefore;
    // The CSV as the route streams it: rows from the keyset batches through csv-stringify, consumed here.
    const csv = await timed(3, async () => {
      const results = (await allRecipientResults(db, env, publicationId, {}))!;
      async function* lines() {
        for await (const row of results)
          yield [row.recipient, String(row.opens), String(row.clicks), row.firstOpenedAt ?? ''];
      }
      let bytes = 0;
      let rows = -1;
      for await (const chunk of dutchCsv(['Ontvanger', 'Geopend', 'Geklikt', 'Eerst geopend'], lines())) {
        bytes += (chunk as Buffer).length;
        rows += (chunk as Buffer).toString().split('\r\n').length - 1;
        const memory = process.memoryUsage();
        rssPeak = Math.max(rssPeak, memory.rss);
        heapPeak = Math.max(heapPeak, memory.heapUsed);
      }
      return { rows, bytes };
    });
    const rssAfter = process.memoryUsage().rss;
    console.log(
      `load after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
    );
    console.log('| read | median ms | slowest ms | size |');
    console.log('| --- | --- | --- | --- |');
    console.log(
      `| summary + chart + links (one call) | ${report.median.toFixed(0)} | ${report.max.toFixed(0)} | ` +
        `${report.value.opens.total + report.value.clicks.total + report.value.opens.machine + report.value.clicks.machine} events, ${report.value.series.length} chart points, ${report.value.links.length} links |`,
    );
    console.log(
      `| recipient table, first page | ${people.median.toFixed(0)} | ${people.max.toFixed(0)} | ${people.value.data.length} of ${people.value.total} rows |`,
    );
    console.log(
      `| recipient table, searched | ${search.median.toFixed(0)} | ${search.max.toFixed(0)} | ${search.value.data.length} of ${search.value.total} rows |`,
    );
    console.log(
      `| CSV | ${csv.median.toFixed(0)} | ${csv.max.toFixed(0)} | ${csv.value.rows} rows, ${csv.value.bytes} bytes |`,
    );
    const driver = database ? 'PostgreSQL' : 'PGlite';
    reportRows([
      { measure: `analytics summary + chart + links (${driver}), median`, value: report.median, unit: 'ms' },
      { measure: `analytics recipient table page (${driver}), median`, value: people.median, unit: 'ms' },
      { measure: `analytics recipient table searched (${driver}), median`, value: search.median, unit: 'ms' },
      {
        measure: `analytics CSV of ${csv.value.rows} rows (${driver}), median`,
        value: csv.median,
        unit: 'ms',
      },
    ]);
    console.log(
      `\nMemory of this process around the CSV runs: RSS ${mb(rssBefore)} → peak ${mb(rssPeak)} → ${mb(rssAfter)} MB; ` +
        `heap used ${mb(heapBefore)} → peak ${mb(heapPeak)} MB`,
    );
  } finally {
    await opened.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
