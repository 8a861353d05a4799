// `npm run bench:send`: a delivery job to SEND_BENCH_RECIPIENTS addresses (default 100,000; one list, one
// audience, loaded before the server starts) sent by the server's own worker to a local SMTP sink
// (smtp-server in this process, keeping nothing but a count). Prints messages per second (between the
// job's start and finish, recipients resolved included) and the server's RSS before and at its peak
// (VmHWM), on PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database next to it
// (SEND_BENCH_PGLITE=off: PostgreSQL only). Each row is printed as soon as it is measured, and the table at the end.
import { loadavg } from 'node:os';
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

const env = environmentIds.zuiderveen;
const recipients = Number(process.env.SEND_BENCH_RECIPIENTS ?? 100_000);
const concurrency = process.env.DELIVERY_CONCURRENCY ?? '8';

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
  const before = sink.accepted.length;
  const job = await call<DeliveryJob>('POST', '/deliveryjobs', {
    publicationId: publicationIds.publications.januaryNewsletter,
    publicationTemplateId: publicationIds.templates.zuiderveenStandard,
    title: 'Bench',
    audienceId: benchAudienceId,
  });
  let status: DeliveryJob;
  let peakDuringKb = 0;
  for (;;) {
    status = await call<DeliveryJob>('GET', `/deliveryjobs/${job.id}`);
    peakDuringKb = Math.max(peakDuringKb, await memoryKb(server.pid, 'VmRSS'));
    if (status.status !== 'Gepland' && status.status !== 'Bezig') break;
    await sleep(500);
  }
  if (status.status !== 'Verzonden') throw new Error(`job ended ${status.status}: ${status.failureReason}`);
  const seconds = (Date.parse(status.finishedAt!) - Date.parse(status.startedAt!)) / 1000;
  const peakKb = await memoryKb(server.pid, 'VmHWM');
  const received = sink.accepted.length - before;
  return `| ${label} | ${status.sentCount.toLocaleString('en')} (sink: ${received.toLocaleString('en')}) | ${seconds.toFixed(1)} s | ${Math.round(status.sentCount / seconds).toLocaleString('en')} | ${Math.round(residentKb / 1024)} MB → ${Math.round(peakDuringKb / 1024)} MB (VmHWM ${Math.round(peakKb / 1024)} MB) | ${loadavg()[0].toFixed(2)} |`;
}

/** A memory figure of a process from /proc (VmRSS now, VmHWM the peak so far), in kB. */
async function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
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
    '| database | sent | job start → finish | messages/s | server RSS before → highest during the job (process peak) | load (1 min) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const line of results) console.log(line);
}

await main();
