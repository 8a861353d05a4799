// `npm run bench:tracking`: the public pixel and click endpoints under load, beside a bare Fastify
// redirect as the ceiling. Starts the real server as its own process (PGlite, or a fresh PostgreSQL
// database next to DATABASE_URL when set) with a job, its links and the tracking key prepared in its
// database, signs tokens here, and runs autocannon at BENCH_CONNECTIONS (default 200) for BENCH_DURATION
// seconds (default 10) per endpoint. Then it stops the server gracefully and counts the stored events:
// every answered request must be there (nothing lost on stop; requests cut off by the
// client's deadline may be stored too). Prints requests/s, p50/p99 and the server's
// RSS before, after and at peak.
// Short mode (shortMode.ts): 10 connections for 1 s.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { count } from 'drizzle-orm';
import { signTrackingToken, trackingKeyName } from '../server/src/analytics/trackingToken';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { analyticsEvents, serverSecrets, trackedJobs, trackedLinks } from '../server/src/db/schema';
import { createDeliveryJob } from '../server/src/publications/deliveryJobs';
import { seedIfEmpty } from '../server/src/seed';
import { demoUsers, environmentIds, publicationIds, receiverIds } from '../server/src/seed/ids';
import { freePort } from '../tests/server/support/freePort';
import { createTestDatabase, type TestDatabase } from '../tests/server/support/testDatabase';
import { startServerProcess } from './benchServer';
import { benchSetting } from './shortMode';
import { reportRows } from './table';

const connections = benchSetting('BENCH_CONNECTIONS', 200, 10);
const durationSeconds = benchSetting('BENCH_DURATION', 10, 1);
const env = environmentIds.zuiderveen;
const key = randomBytes(32);
/** Distinct messages the tokens stand for (unique counts are exercised, not one key over and over). */
const messages = 1000;

let jobId = '';
let dataDirOf = '';

async function prepare(dataDir: string, database: TestDatabase | undefined): Promise<void> {
  dataDirOf = dataDir;
  const opened = await openDatabase({ dataDir, databaseUrl: database?.url });
  try {
    await seedIfEmpty(opened.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const job = await createDeliveryJob(
      opened.db,
      env,
      { userId: demoUsers.anne.id, name: demoUsers.anne.name },
      {
        publicationId: publicationIds.publications.januaryNewsletter,
        publicationTemplateId: publicationIds.templates.zuiderveenStandard,
        title: 'Bench',
        audienceId: receiverIds.audiences.editorsTest,
        // Far ahead: the worker leaves it alone.
        scheduledAt: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
      },
      { catcher: true },
      new Date(),
    );
    jobId = job.id;
    await opened.db.insert(trackedJobs).values({
      jobId,
      environmentId: env,
      publicationId: publicationIds.publications.januaryNewsletter,
      mode: 'Alleen totalen',
    });
    await opened.db
      .insert(trackedLinks)
      .values({ jobId, position: 0, url: 'https://www.zuiderveen.nl/marktplein' });
    await opened.db
      .insert(serverSecrets)
      .values({ name: trackingKeyName, value: key.toString('base64url') })
      .onConflictDoUpdate({ target: serverSecrets.name, set: { value: key.toString('base64url') } });
  } finally {
    await opened.close();
  }
}

function paths(kind: 'o' | 'c'): string[] {
  const sentAt = Math.floor(Date.now() / 1000) - 3600;
  return Array.from({ length: messages }, () => {
    const token = signTrackingToken(key, {
      jobId,
      position: kind === 'o' ? -1 : 0,
      sentAt,
      key: { kind: 'anonymous', value: randomBytes(12).toString('base64url') },
    });
    return kind === 'o' ? `/t/o/${token}.gif` : `/t/c/${token}`;
  });
}

async function memoryKb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

interface Run {
  name: string;
  result: Result;
  recorded: number;
}

function run(name: string, url: string, requestPaths: string[]): Promise<Run> {
  let next = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: durationSeconds,
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
        // One token after the other, so the requests stand for many messages.
        requests: [
          {
            setupRequest: (request: { path: string }) => ({
              ...request,
              path: requestPaths[next++ % requestPaths.length],
            }),
          },
        ],
      } as Parameters<typeof autocannon>[0],
      (error, result) => {
        if (error) return reject(error);
        const recorded = Object.entries(result.statusCodeStats)
          .filter(([status]) => status === '200' || status === '302')
          .reduce((sum, [, stat]) => sum + stat.count, 0);
        resolve({ name, result, recorded });
      },
    );
    void instance;
  });
}

/** The ceiling: a bare Fastify (HTTPS, HTTP/1.1) answering every request with a 302, in its own process. */
async function startBareRedirect(certDir: string): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const source = `
    const { readFileSync } = require('node:fs');
    const Fastify = require('fastify');
    const app = Fastify({ https: { key: readFileSync(${JSON.stringify(path.join(certDir, 'localhost-key.pem'))}), cert: readFileSync(${JSON.stringify(path.join(certDir, 'localhost-cert.pem'))}) } });
    app.get('/t/c/:token', (request, reply) => reply.code(302).header('cache-control', 'no-store').header('location', 'https://www.zuiderveen.nl/marktplein').send());
    app.listen({ port: ${port}, host: 'localhost' }).then(() => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `https://localhost:${port}`, stop: () => child.kill('SIGTERM') };
}

async function main(): Promise<void> {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const adminUrl = process.env.DATABASE_URL;
  const database = adminUrl ? await createTestDatabase(adminUrl) : undefined;
  const server = await startServerProcess(database, {
    env: { TRACKING_RATE_LIMIT: String(1_000_000_000), DELIVERY_WORKER: 'off' },
    prepare: (dataDir) => prepare(dataDir, database),
  });
  const driver = database ? 'PostgreSQL' : 'PGlite';
  const runs: Run[] = [];
  let memory: { before: number; after: number; peak: number };
  const bare = await startBareRedirect(path.join(dataDirOf, 'tls'));
  try {
    console.log(
      `\nDriver: ${driver}; ${connections} connections, ${durationSeconds} s each; load before: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const before = await memoryKb(server.pid);
    runs.push(await run('bare Fastify 302 (ceiling)', `${bare.url}/t/c/x`, ['/t/c/x']));
    runs.push(await run('GET /t/o/{token}.gif', server.url, paths('o')));
    runs.push(await run('GET /t/c/{token}', server.url, paths('c')));
    runs.push(await run('bare Fastify 302 (again)', `${bare.url}/t/c/x`, ['/t/c/x']));
    const after = await memoryKb(server.pid);
    memory = { before: before.rss, after: after.rss, peak: after.peak };
  } finally {
    bare.stop();
    // A graceful stop (SIGTERM): the queued events are written before the database closes.
    await server.stop();
  }
  console.log(
    `load after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}\n`,
  );
  console.log('| endpoint | requests/s | p50 ms | p99 ms | answered | errors/timeouts |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const { name, result } of runs) {
    console.log(
      `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.requests.total} | ${result.errors}/${result.timeouts} |`,
    );
  }
  // The headline rows for `npm run bench`: each endpoint against the bare redirect's better run.
  const ceiling = Math.max(
    ...runs.filter((entry) => entry.name.startsWith('bare')).map((entry) => entry.result.requests.average),
  );
  reportRows(
    runs
      .filter((entry) => entry.name.startsWith('GET'))
      .flatMap(({ name, result }) => [
        { measure: `tracking ${name}`, value: result.requests.average, unit: 'req/s' },
        { measure: `tracking ${name} p99`, value: result.latency.p99, unit: 'ms' },
        {
          measure: `tracking ${name} vs bare Fastify`,
          value: result.requests.average / ceiling,
          unit: '×',
          against: { reference: 'bare Fastify 302, same run' },
        },
      ]),
  );
  console.log(
    `\nServer RSS: ${Math.round(memory.before / 1024)} MB before, ${Math.round(memory.after / 1024)} MB after, peak ${Math.round(memory.peak / 1024)} MB`,
  );
  const expected = runs
    .filter((entry) => entry.name.startsWith('GET'))
    .reduce((sum, entry) => sum + entry.recorded, 0);
  if (database) {
    const opened = await openDatabase({ dataDir: dataDirOf, databaseUrl: database.url });
    const [stored] = await opened.db.select({ n: count() }).from(analyticsEvents);
    await opened.close();
    // At least every answered request: requests still in flight when autocannon stops are recorded too.
    console.log(`Events: ${expected} recorded answers, ${stored.n} stored after the graceful stop`);
    if (stored.n < expected) process.exitCode = 1;
    await database.drop();
  } else {
    console.log(
      `Events: ${expected} recorded answers (the stored count is checked on PostgreSQL: the PGlite data directory goes with the server)`,
    );
  }
}

await main();
