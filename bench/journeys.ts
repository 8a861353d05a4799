// `npm run bench:journeys`: journeys at scale on PostgreSQL (a fresh database next to DATABASE_URL, else
// next to postgres://postgres@127.0.0.1:5432/test), worked by two journeys worker processes
// (bench/journeyWorker.ts: the platform's engine, ticking as a server does) at once:
//  1. JOURNEYS_BENCH_IMPORTED (default 50,000) subscribers imported into a journey's trigger list
//     ('Toegevoegd aan lijst', imports included), through the import's own batch writer (5,000 rows a
//     transaction, the outbox written with them): the time until every one of them is enrolled.
//  2. JOURNEYS_BENCH_DUE (default 100,000) people at a 'Wacht' step whose wait ends within one minute,
//     the next step 'Verstuur publicatie' (written straight into the tables, as people enrolled earlier
//     would stand): the time until every send step is queued (its step run, delivery job and recipient
//     row committed), none twice; and each due step's latency, from the end of its wait until its send
//     was seen committed (the bench looks every 250 ms, so each latency is an upper bound by up to that).
// Prints the figures with each worker's memory (after a full GC) and CPU time before and after.
// Short mode (shortMode.ts): 500 imported, 500 due within 2 s.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/src/config';
import type { JourneyGraph } from '../server/src/contract/journeys';
import { openDatabase, type Database } from '../server/src/db/client';
import { listImports, lists } from '../server/src/db/schema';
import { createJourney, publishJourney, updateJourney } from '../server/src/journeys/journeys';
import { batchRowEncoder, writeImportBatch } from '../server/src/receivers/importBatch';
import { seedIfEmpty } from '../server/src/seed';
import { environmentIds, publicationIds } from '../server/src/seed/ids';
import { createTestDatabase } from '../tests/server/support/testDatabase';
import type { WorkerMemory } from './journeyWorker';
import { benchSetting, benchSize } from './shortMode';
import { reportRows, type BenchRow } from './table';

const env = environmentIds.zuiderveen;
const imported = benchSetting('JOURNEYS_BENCH_IMPORTED', 50_000, 500);
const due = benchSetting('JOURNEYS_BENCH_DUE', 100_000, 500);
const importBatchRows = 5_000;
const pollMs = 250;
const sendA = {
  publicationId: publicationIds.publications.januaryNewsletter,
  templateId: publicationIds.templates.zuiderveenStandard,
};
const settings = { reentry: 'off' as const, reentryMinutes: 0, exitWhenRemoved: false };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

interface Worker {
  child: ChildProcess;
  memory(): Promise<WorkerMemory>;
  stop(): Promise<void>;
}

async function startWorker(env: Record<string, string>): Promise<Worker> {
  const child = fork('bench/journeyWorker.ts', [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, ...env },
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (message) => resolve(message as T));
      child.once('exit', (code) => reject(new Error(`journeys worker exited with ${code}`)));
    });
  await next<'ready'>();
  return {
    child,
    memory: () => {
      const answer = next<WorkerMemory>();
      child.send('memory');
      return answer;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}

async function activeJourney(db: Database, name: string, graph: JourneyGraph) {
  const journey = await createJourney(db, env, name);
  await updateJourney(db, env, journey.id, { graph });
  await publishJourney(db, env, journey.id, {}, new Date(), { userId: null, name: 'Bench' });
  const [row] = rowsOf<{ version_id: string }>(
    await db.execute(sql`SELECT active_version_id AS version_id FROM journeys WHERE id = ${journey.id}`),
  );
  return { id: journey.id, versionId: row.version_id };
}

async function newList(db: Database, title: string): Promise<string> {
  const [list] = await db.insert(lists).values({ environmentId: env, title }).returning({ id: lists.id });
  return list.id;
}

const count = async (db: Database, query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number | string }>(await db.execute(query))[0].n);

/** Polls until `done` answers true; fails after `limitMs`. */
async function until(limitMs: number, what: string, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs / 1000} s`);
    await sleep(pollMs);
  }
}

/** Phase 1: an import into the trigger list; seconds until all are enrolled, from the import's start. */
async function importedEnrolled(db: Database): Promise<BenchRow[]> {
  const listId = await newList(db, 'Bench: trigger');
  const journey = await activeJourney(db, 'Bench: welkom na import', {
    triggers: [{ kind: 'addedToList', listId, includeImports: true }],
    start: 'wait',
    steps: [
      { id: 'wait', kind: 'wait', wait: { type: 'duration', minutes: 2 * 24 * 60 }, next: 'send' },
      { id: 'send', kind: 'send', ...sendA, next: null },
    ],
    settings,
  });
  const [job] = await db
    .insert(listImports)
    .values({
      environmentId: env,
      listId,
      mode: 'add',
      mapping: { 'E-mailadres': 'email', Naam: 'name' },
      fileName: 'bench.csv',
      fileBytes: imported * 40,
      // Held by the bench for the whole run: only the lease's owner may commit a batch (importBatch.ts).
      leaseOwner: 'bench',
      leaseUntil: new Date(Date.now() + 24 * 3600 * 1000),
    })
    .returning({ id: listImports.id });
  const encode = batchRowEncoder(['email', 'name']);
  const started = performance.now();
  for (let first = 0; first < imported; first += importBatchRows) {
    const size = Math.min(importBatchRows, imported - first);
    const rows = Array.from({ length: size }, (_, offset) =>
      encode({ email: `import.${first + offset}@voorbeeld.nl`, name: `Lezer ${first + offset}` }),
    );
    const written = await writeImportBatch(db, {
      importId: job.id,
      owner: 'bench',
      environmentId: env,
      listId,
      mode: 'add',
      written: ['email', 'name'],
      overwritten: ['name'],
      rows: `[${rows.join(',')}]`,
      validRows: size,
      refusals: [],
      optedOut: [],
      optedOutCause: null,
      duplicatesInFile: 0,
      rowCount: size,
      bytesRead: (first + size) * 40,
    });
    if (!written) throw new Error('the import batch was not written');
  }
  const importSeconds = (performance.now() - started) / 1000;
  await until(5 * 60_000, `${imported} enrolled`, async () => {
    const enrolled = await count(
      db,
      sql`SELECT count(*) AS n FROM journey_enrollments WHERE journey_id = ${journey.id}`,
    );
    return enrolled >= imported;
  });
  const enrolledSeconds = (performance.now() - started) / 1000;
  const distinct = await count(
    db,
    sql`SELECT count(DISTINCT lower(email)) AS n FROM journey_enrollments WHERE journey_id = ${journey.id}`,
  );
  if (distinct !== imported) throw new Error(`${distinct} distinct people enrolled, expected ${imported}`);
  return [
    {
      measure: `import of ${imported.toLocaleString('en')} into the trigger list`,
      value: importSeconds,
      unit: 's',
    },
    {
      measure: `${imported.toLocaleString('en')} imported people enrolled (from the import's start; target ≤ 60 s)`,
      value: enrolledSeconds,
      unit: 's',
    },
  ];
}

/** Phase 2: `due` people whose wait ends within one minute; their send steps queued, latencies. */
async function dueSendsQueued(db: Database): Promise<BenchRow[]> {
  const listId = await newList(db, 'Bench: wachtenden');
  const journey = await activeJourney(db, 'Bench: na het wachten', {
    triggers: [{ kind: 'manual' }],
    start: 'wait',
    steps: [
      { id: 'wait', kind: 'wait', wait: { type: 'duration', minutes: 60 }, next: 'send' },
      { id: 'send', kind: 'send', ...sendA, next: 'end' },
      { id: 'end', kind: 'end' },
    ],
    settings,
  });
  // The waits end from a lead from now on (long enough to write them all), spread evenly over one minute
  // (about 1 ms a person under load: 100,000 took over 40 s at load 13); in short mode over 2 s.
  const firstDue = Date.now() + benchSize(30_000, 3_000) + due;
  const spacingMs = benchSize(60_000, 2_000) / due;
  await db.execute(
    sql`CREATE TABLE bench_due (enrollment_id uuid PRIMARY KEY, due_at timestamptz NOT NULL, seen_at timestamptz)`,
  );
  for (let first = 0; first < due; first += 10_000) {
    const last = Math.min(due, first + 10_000) - 1;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        WITH people AS (
          INSERT INTO subscribers (list_id, email, name)
          SELECT ${listId}::uuid, 'wacht.' || n || '@voorbeeld.nl', 'Lezer ' || n
          FROM generate_series(${first}::int, ${last}::int) AS n
          RETURNING id, email
        ),
        enrolled AS (
          INSERT INTO journey_enrollments
            (environment_id, journey_id, version_id, subscriber_id, trigger_list_id, email, state,
             current_step_id, next_run_at, wait_until, enrolled_at)
          SELECT ${env}::uuid, ${journey.id}::uuid, ${journey.versionId}::uuid, people.id, ${listId}::uuid,
                 people.email, 'Actief', 'wait', due.at, due.at, due.at - interval '60 minutes'
          FROM people,
               LATERAL (SELECT to_timestamp((${firstDue}::float8 + split_part(split_part(people.email, '@', 1), '.', 2)::int
                                             * ${spacingMs}::float8) / 1000.0) AS at) AS due
          RETURNING id, journey_id, next_run_at
        ),
        waiting AS (
          INSERT INTO journey_step_runs (enrollment_id, journey_id, step_id, step_kind, visit, status, result, at)
          SELECT id, journey_id, 'wait', 'wait', 1, 'Wachtend', 'Wacht.', next_run_at - interval '60 minutes'
          FROM enrolled
        )
        INSERT INTO bench_due (enrollment_id, due_at) SELECT id, next_run_at FROM enrolled`);
    });
  }
  await db.execute(sql`ANALYZE journey_enrollments`);
  await db.execute(sql`ANALYZE journey_step_runs`);
  if (Date.now() > firstDue) throw new Error('writing the waiting people took longer than the lead');

  // Each look marks the people due by then whose send step has committed (their enrollment has moved
  // on in the same transaction) with the time of the look: only the backlog is read each time.
  await db.execute(sql`CREATE INDEX bench_due_unseen ON bench_due (due_at) WHERE seen_at IS NULL`);
  let seen = 0;
  await until(10 * 60_000, `${due} send steps queued`, async () => {
    const seenAt = new Date().toISOString();
    seen += await count(
      db,
      sql`WITH marked AS (
            UPDATE bench_due AS d SET seen_at = ${seenAt}
            FROM journey_enrollments AS e
            WHERE d.seen_at IS NULL AND d.due_at <= ${seenAt} AND e.id = d.enrollment_id AND e.state <> 'Actief'
            RETURNING 1)
          SELECT count(*) AS n FROM marked`,
    );
    return seen >= due;
  });
  const allQueued = Date.now();
  const [checks] = rowsOf<{ sends: number; people: number; recipients: number; addresses: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS sends, count(DISTINCT r.enrollment_id)::int AS people,
             count(DISTINCT r.delivery_recipient_id)::int AS recipients, count(DISTINCT lower(dr.email))::int AS addresses
      FROM journey_step_runs AS r JOIN delivery_recipients AS dr ON dr.id = r.delivery_recipient_id
      WHERE r.journey_id = ${journey.id} AND r.step_id = 'send'`),
  );
  const jobRecipients = await count(
    db,
    sql`SELECT count(*) AS n FROM delivery_recipients WHERE job_id IN (
          SELECT DISTINCT delivery_job_id FROM journey_step_runs WHERE journey_id = ${journey.id})`,
  );
  for (const [name, value] of Object.entries({ ...checks, jobRecipients }))
    if (value !== due) throw new Error(`${name}: ${value}, expected ${due} (a step queued twice or lost)`);
  const twice = checks.sends - checks.people + (jobRecipients - checks.addresses);
  const [latency] = rowsOf<{ p50: number; p99: number; max: number }>(
    await db.execute(sql`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY l) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY l) AS p99,
             max(l) AS max
      FROM (SELECT greatest(0, extract(epoch FROM seen_at - due_at)) AS l FROM bench_due) AS latencies`),
  );
  const lastDue = firstDue + (due - 1) * spacingMs;
  return [
    {
      measure: `${due.toLocaleString('en')} due in one minute: all send steps queued, after the first was due (target ≤ 120 s)`,
      value: (allQueued - firstDue) / 1000,
      unit: 's',
    },
    { measure: '… after the last was due', value: (allQueued - lastDue) / 1000, unit: 's' },
    { measure: 'send steps queued twice (step runs, delivery recipients)', value: twice, unit: '' },
    { measure: 'due step latency p50', value: Number(latency.p50), unit: 's' },
    { measure: 'due step latency p99 (target ≤ 30 s)', value: Number(latency.p99), unit: 's' },
    { measure: 'due step latency max', value: Number(latency.max), unit: 's' },
  ];
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const database = await createTestDatabase(adminUrl);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-bench-journeys-'));
  const opened = await openDatabase({ dataDir, databaseUrl: database.url });
  const workers: Worker[] = [];
  const loadBefore = load();
  try {
    await seedIfEmpty(opened.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const workerEnv = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'warn' };
    for (let index = 0; index < 2; index++) workers.push(await startWorker(workerEnv));
    const before = await Promise.all(workers.map((worker) => worker.memory()));

    const rows = [...(await importedEnrolled(opened.db)), ...(await dueSendsQueued(opened.db))];

    const after = await Promise.all(workers.map((worker) => worker.memory()));
    const mb = (bytes: number) => bytes / 1024 / 1024;
    workers.forEach((_, index) => {
      const name = `worker ${index + 1}`;
      rows.push(
        { measure: `${name} RSS before (after GC)`, value: mb(before[index].rss), unit: 'MB' },
        { measure: `${name} RSS after (after GC)`, value: mb(after[index].rss), unit: 'MB' },
        { measure: `${name} heap used before`, value: mb(before[index].heapUsed), unit: 'MB' },
        { measure: `${name} heap used after`, value: mb(after[index].heapUsed), unit: 'MB' },
        {
          measure: `${name} CPU time during the run`,
          value: after[index].cpuSeconds - before[index].cpuSeconds,
          unit: 's',
        },
      );
    });
    console.log(
      `\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} x ${cpus()[0]?.model.trim()}, ` +
        `Node.js ${process.versions.node}, PostgreSQL, 2 journeys workers (JOURNEY_BATCH_SIZE ${loadConfig(workerEnv).journeys.batchSize}), ` +
        `load average before ${loadBefore}, after ${load()}\n`,
    );
    reportRows(rows);
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await opened.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
