// `npm run bench:send`: a delivery job to SEND_BENCH_RECIPIENTS addresses (default 100,000; one list, one
// audience, loaded before the server starts) sent by the server's own worker to a local SMTP sink
// (smtp-server in this process, keeping nothing but a count). Prints messages per second (between the
// job's start and finish, recipients resolved included), the server's RSS before and at its peak (VmHWM)
// and the CPU time it used during the job, on PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL
// database next to it (SEND_BENCH_PGLITE=off: PostgreSQL only). Each row is printed as soon as it is
// measured, and the table at the end. SEND_BENCH_INSPECT=1 also traces the server's heap during the job
// (see memoryTrace below).
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../server/src/config';
import type { DeliveryJob } from '../server/src/contract/publications';
import { openDatabase } from '../server/src/db/client';
import { audienceLists, audiences, lists, subscribers } from '../server/src/db/schema';
import { seedIfEmpty } from '../server/src/seed';
import { demoUsers, environmentIds, publicationIds } from '../server/src/seed/ids';
import { httpsRequest } from '../tests/server/support/https';
import { authHeaders } from '../tests/server/support/mediaRequests';
import { signInWithCode } from '../tests/server/support/signIn';
import { startSmtpSink, type SmtpSink } from '../tests/server/support/smtpSink';
import { createTestDatabase, type TestDatabase } from '../tests/server/support/testDatabase';
import { startServerProcess, type BenchServer } from './benchServer';
import { connectInspector } from './inspector';

const env = environmentIds.zuiderveen;
const recipients = Number(process.env.SEND_BENCH_RECIPIENTS ?? 100_000);
const concurrency = process.env.DELIVERY_CONCURRENCY ?? '8';
const inspect = process.env.SEND_BENCH_INSPECT === '1';

/** Seeds the demo data and one audience of `recipients` addresses, before the server owns the database. */
async function loadAudience(dataDir: string, database: TestDatabase | undefined): Promise<void> {
  const opened = await openDatabase({ dataDir, databaseUrl: database?.url });
  try {
    await seedIfEmpty(opened.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const [list] = await opened.db
      .insert(lists)
      .values({ environmentId: env, title: 'Bench' })
      .returning({ id: lists.id });
    for (let start = 0; start < recipients; start += 5000) {
      const count = Math.min(5000, recipients - start);
      await opened.db.insert(subscribers).values(
        Array.from({ length: count }, (_, offset) => ({
          listId: list.id,
          email: `lezer.${start + offset}@voorbeeld.nl`,
          name: `Lezer ${start + offset}`,
          firstName: 'Lezer',
        })),
      );
    }
    await opened.db.insert(audiences).values({ id: benchAudienceId, environmentId: env, name: 'Bench' });
    await opened.db.insert(audienceLists).values({ audienceId: benchAudienceId, listId: list.id });
  } finally {
    await opened.close();
  }
}
const benchAudienceId = '0b3e5c7a-1d2f-4e6a-8b9c-0d1e2f3a4b5c';

async function measure(label: string, server: BenchServer, sink: SmtpSink): Promise<string> {
  const info = JSON.parse(
    (await httpsRequest({ method: 'GET', url: `${server.url}/api/1/environment/info`, ca: server.ca })).text,
  ) as { clientId: string; authority: string; apiScope: string };
  const { accessToken } = await signInWithCode(
    { url: server.url, ca: server.ca, ...info },
    demoUsers.anne.username,
  );
  const call = async <T>(method: string, path: string, body?: unknown) =>
    JSON.parse(
      (
        await httpsRequest({
          method,
          url: `${server.url}/api/1/${env}${path}`,
          ca: server.ca,
          headers: {
            ...authHeaders(accessToken, env),
            accept: 'application/json',
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        })
      ).text,
    ) as T;
  const residentKb = await memoryKb(server.pid, 'VmRSS');
  const cpuBefore = await cpuSeconds(server.pid);
  const before = sink.accepted.length;
  const job = await call<DeliveryJob>('POST', '/deliveryjobs', {
    publicationId: publicationIds.publications.januaryNewsletter,
    publicationTemplateId: publicationIds.templates.zuiderveenStandard,
    title: 'Bench',
    audienceId: benchAudienceId,
  });
  let status: DeliveryJob;
  let peakDuringKb = 0;
  const memory = server.inspectPort ? await memoryTrace(server, label) : undefined;
  for (;;) {
    status = await call<DeliveryJob>('GET', `/deliveryjobs/${job.id}`);
    peakDuringKb = Math.max(peakDuringKb, await memoryKb(server.pid, 'VmRSS'));
    await memory?.sample(status.sentCount);
    if (status.status !== 'Gepland' && status.status !== 'Bezig') break;
    await sleep(500);
  }
  await memory?.close();
  if (status.status !== 'Verzonden') throw new Error(`job ended ${status.status}: ${status.failureReason}`);
  const seconds = (Date.parse(status.finishedAt!) - Date.parse(status.startedAt!)) / 1000;
  const peakKb = await memoryKb(server.pid, 'VmHWM');
  const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
  const received = sink.accepted.length - before;
  return `| ${label} | ${status.sentCount.toLocaleString('en')} (sink: ${received.toLocaleString('en')}) | ${seconds.toFixed(1)} s | ${Math.round(status.sentCount / seconds).toLocaleString('en')} | ${Math.round(residentKb / 1024)} MB → ${Math.round(peakDuringKb / 1024)} MB (VmHWM ${Math.round(peakKb / 1024)} MB) | ${cpu.toFixed(1)} s (${((1000 * cpu) / status.sentCount).toFixed(2)} ms a message) | ${loadavg()[0].toFixed(2)} |`;
}

/**
 * SEND_BENCH_INSPECT=1: the server's memory as the job goes on, read through its inspector (inspector.ts): a
 * row every tenth of the audience with the RSS (anonymous, i.e. heaps and buffers, and file-backed, i.e. code)
 * next to process.memoryUsage(), and the highest of each sampled every 0.5 s. SEND_BENCH_GC_AT=20000,80000:
 * at those counts sent, a full garbage collection first and the same row after it (what is really retained);
 * with SEND_BENCH_SNAPSHOT_DIR also a heap snapshot there (bench/heapDiff.ts compares two). Collections and
 * snapshots pause the server, so messages/s of such a run do not count.
 */
async function memoryTrace(server: BenchServer, label: string) {
  const inspector = await connectInspector(server.inspectPort!);
  const step = Math.max(1, Math.round(recipients / 10));
  const gcAt = (process.env.SEND_BENCH_GC_AT ?? '').split(',').filter(Boolean).map(Number);
  const snapshotDir = process.env.SEND_BENCH_SNAPSHOT_DIR;
  const peak = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  let nextRowAt = 0;
  // SEND_BENCH_PROMOTED=<file.heapprofile>: where the job's promoted garbage was allocated (inspector.ts).
  const promotedFile = process.env.SEND_BENCH_PROMOTED;
  if (promotedFile) await inspector.startSampling({ collectedByMajorGC: true });
  const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
  const row = async (sent: number, note: string) => {
    const usage = await inspector.memoryUsage();
    const spaces = await inspector.heapSpaces();
    const anon = await memoryKb(server.pid, 'RssAnon');
    const file = await memoryKb(server.pid, 'RssFile');
    const space = (name: string) => Math.round((spaces[name] ?? 0) / 1024 / 1024);
    console.log(
      `| ${label} | ${sent.toLocaleString('en')} | ${note} | ${mb(usage.rss)} (anon ${Math.round(anon / 1024)}, file ${Math.round(file / 1024)}) | ${mb(usage.heapUsed)} / ${mb(usage.heapTotal)} | ${space('new_space')} / ${space('old_space')} / ${space('large_object_space')} | ${mb(usage.external)} | ${mb(usage.arrayBuffers)} | ${loadavg()[0].toFixed(2)} |`,
    );
  };
  console.log(
    '| database | sent | when | RSS (anon, file MB) | heap used / total | used new / old / large-object space (MB) | external | arrayBuffers | load |\n| --- | ---: | --- | --- | --- | --- | --- | --- | ---: |',
  );
  return {
    async sample(sent: number) {
      const usage = await inspector.memoryUsage();
      for (const key of Object.keys(peak) as (keyof typeof peak)[])
        peak[key] = Math.max(peak[key], usage[key]);
      if (sent >= nextRowAt) {
        await row(sent, 'sampled');
        nextRowAt = (Math.floor(sent / step) + 1) * step;
      }
      while (gcAt.length > 0 && sent >= gcAt[0]) {
        const at = gcAt.shift()!;
        await inspector.collectGarbage();
        await row(sent, `after a full GC (at ${at.toLocaleString('en')})`);
        if (snapshotDir) {
          const file = path.join(snapshotDir, `${label}-${at}.heapsnapshot`);
          await inspector.takeHeapSnapshot(file);
          console.log(`heap snapshot: ${file}`);
        }
      }
    },
    async close() {
      if (promotedFile) {
        await writeFile(promotedFile, JSON.stringify(await inspector.stopSampling()));
        console.log(`allocation profile: ${promotedFile} (bench/heapProfileTop.ts summarises it)`);
      }
      console.log(
        `| ${label} | highest sampled | | ${mb(peak.rss)} | ${mb(peak.heapUsed)} / ${mb(peak.heapTotal)} | | ${mb(peak.external)} | ${mb(peak.arrayBuffers)} | |`,
      );
      inspector.close();
    },
  };
}

/**
 * CPU time the process has used so far (user + system, from /proc/{pid}/stat, in seconds): unlike messages per
 * second it hardly changes with what else runs on the machine.
 */
async function cpuSeconds(pid: number): Promise<number> {
  const fields = (await readFileText(`/proc/${pid}/stat`)).split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A memory figure of a process from /proc/{pid}/status (VmRSS now, VmHWM the peak so far), in kB. */
async function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM' | 'RssAnon' | 'RssFile'): Promise<number> {
  const status = await readFileText(`/proc/${pid}/status`);
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

async function readFileText(file: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  return readFile(file, 'utf8');
}

async function main(): Promise<void> {
  console.log(
    `\nSend benchmark, ${new Date().toISOString().slice(0, 10)}: ${recipients.toLocaleString('en')} recipients, DELIVERY_CONCURRENCY ${concurrency}\n`,
  );
  const sink = await startSmtpSink({ keepSource: false });
  const serverEnv = { SMTP_URL: sink.url, DELIVERY_RATE_LIMIT: '1000000', DELIVERY_CONCURRENCY: concurrency };
  const results: string[] = [];
  try {
    if (process.env.SEND_BENCH_PGLITE !== 'off') {
      const pglite = await startServerProcess(undefined, {
        env: serverEnv,
        inspect,
        prepare: (dataDir) => loadAudience(dataDir, undefined),
      });
      try {
        results.push(await measure('PGlite', pglite, sink));
        console.log(results.at(-1));
      } finally {
        await pglite.stop();
      }
    }
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl) {
      const database = await createTestDatabase(adminUrl);
      const server = await startServerProcess(database, {
        env: serverEnv,
        inspect,
        prepare: (dataDir) => loadAudience(dataDir, database),
      });
      try {
        results.push(await measure('PostgreSQL', server, sink));
        console.log(results.at(-1));
      } finally {
        await server.stop();
        await database.drop();
      }
    }
  } finally {
    await sink.close();
  }
  console.log(
    '| database | sent | job start → finish | messages/s | server RSS before → highest during the job (process peak) | server CPU during the job | load (1 min) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const line of results) console.log(line);
}

await main();
