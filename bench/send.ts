// `npm run bench:send`: a delivery job to SEND_BENCH_RECIPIENTS addresses (default 100,000; one list, one
// audience, loaded before the server starts) sent by the server's own worker to a local SMTP sink
// (smtp-server in this process, keeping nothing but a count), against a bare nodemailer pool doing the same
// work (bench/barePool.ts: each recipient's message from the same rendered publication, merge fields,
// unsubscribe headers, DKIM, same connections and lanes, no queue and no database), interleaved platform,
// bare, platform, bare … (SEND_BENCH_PAIRS pairs, default 2). Prints for each run messages per second
// (platform: between the job's start and finish, recipients resolved included), the CPU time per message
// (platform: the server process during the job; bare: that process while sending), memory, and each
// pair's ratio (platform / bare, messages/s, higher is better for the platform). On PostgreSQL when
// DATABASE_URL is set (a fresh database next to it), else on PGlite; SEND_BENCH_PGLITE=on runs PGlite as
// well. SEND_BENCH_INSPECT=1 also traces the server's heap during the job (see memoryTrace below);
// SEND_BENCH_PROFILE=<file> takes a CPU profile of the server during the first job through its inspector
// and prints its top entries (cpuProfileTop.ts).
// Short mode (shortMode.ts): 200 recipients, 1 pair.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../server/src/config';
import type { DeliveryJob } from '../server/src/contract/publications';
import { openDatabase } from '../server/src/db/client';
import { audienceLists, audiences, lists, subscribers } from '../server/src/db/schema';
import { dkimSignedHeaders } from '../server/src/mail/mailer';
import { renderPublicationForDelivery } from '../server/src/publications/publicationRendering';
import { seedIfEmpty } from '../server/src/seed';
import { demoUsers, environmentIds, publicationIds } from '../server/src/seed/ids';
import { httpsRequest } from '../tests/server/support/https';
import { authHeaders } from '../tests/server/support/mediaRequests';
import { signInWithCode } from '../tests/server/support/signIn';
import { startSmtpSink, type SmtpSink } from '../tests/server/support/smtpSink';
import { createTestDatabase, type TestDatabase } from '../tests/server/support/testDatabase';
import { startServerProcess, type BenchServer } from './benchServer';
import type { BarePoolResult, BarePoolSpec } from './barePool';
import { summarise, type CpuProfile } from './cpuProfileTop';
import { connectInspector } from './inspector';
import { benchSetting } from './shortMode';
import { median, reportRows } from './table';

const env = environmentIds.zuiderveen;
const recipients = benchSetting('SEND_BENCH_RECIPIENTS', 100_000, 200);
const concurrency = process.env.DELIVERY_CONCURRENCY ?? '8';
const pairs = benchSetting('SEND_BENCH_PAIRS', 2, 1);
const profileFile = process.env.SEND_BENCH_PROFILE;
const inspect = process.env.SEND_BENCH_INSPECT === '1' || Boolean(profileFile);
/** The server's default SMTP_MAX_CONNECTIONS, which the bare pool uses too. */
const smtpConnections = Number(process.env.SMTP_MAX_CONNECTIONS ?? 5);

/** The publication as the delivery job renders it (merge fields still in), for the bare pool. */
let rendered: { subject: string; html: string; text: string } | undefined;

/** Seeds the demo data and one audience of `recipients` addresses, before the server owns the database. */
async function loadAudience(dataDir: string, database: TestDatabase | undefined): Promise<void> {
  const opened = await openDatabase({ dataDir, databaseUrl: database?.url });
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    await seedIfEmpty(opened.db, config);
    rendered = await renderPublicationForDelivery(
      opened.db,
      { publicUrl: config.publicUrl, cdnBase: config.cdnBase },
      env,
      publicationIds.publications.januaryNewsletter,
      publicationIds.templates.zuiderveenStandard,
    );
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

/** One run's figures: a row of the table and what the ratios are taken from. */
interface Run {
  row: string;
  messagesPerSecond: number;
  cpuMsPerMessage: number;
}

async function measure(label: string, server: BenchServer, sink: SmtpSink, profile: boolean): Promise<Run> {
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
  const memory = server.inspectPort && !profile ? await memoryTrace(server, label) : undefined;
  const profiler = profile ? await connectInspector(server.inspectPort!) : undefined;
  await profiler?.startProfiling();
  for (let resets = 0; ;) {
    try {
      status = await call<DeliveryJob>('GET', `/deliveryjobs/${job.id}`);
    } catch (error) {
      // On a machine loaded far beyond its cores a poll's connection was once reset: poll again.
      if ((error as { code?: string }).code !== 'ECONNRESET' || ++resets > 10) throw error;
      await sleep(500);
      continue;
    }
    peakDuringKb = Math.max(peakDuringKb, await memoryKb(server.pid, 'VmRSS'));
    await memory?.sample(status.sentCount);
    if (status.status !== 'Gepland' && status.status !== 'Bezig') break;
    await sleep(500);
  }
  await memory?.close();
  if (profiler) {
    const cpuProfile = (await profiler.stopProfiling()) as CpuProfile;
    profiler.close();
    await writeFile(profileFile!, JSON.stringify(cpuProfile));
    console.log(`\nCPU profile of the server during the job: ${profileFile}\n\n${summarise(cpuProfile)}\n`);
  }
  if (status.status !== 'Verzonden') throw new Error(`job ended ${status.status}: ${status.failureReason}`);
  const seconds = (Date.parse(status.finishedAt!) - Date.parse(status.startedAt!)) / 1000;
  const peakKb = await memoryKb(server.pid, 'VmHWM');
  const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
  const received = sink.accepted.length - before;
  const messagesPerSecond = status.sentCount / seconds;
  const cpuMsPerMessage = (1000 * cpu) / status.sentCount;
  return {
    messagesPerSecond,
    cpuMsPerMessage,
    row: `| ${label} | ${status.sentCount.toLocaleString('en')} (sink: ${received.toLocaleString('en')}) | ${seconds.toFixed(1)} s | ${Math.round(messagesPerSecond).toLocaleString('en')} | ${cpuMsPerMessage.toFixed(2)} ms | ${Math.round(residentKb / 1024)} MB → ${Math.round(peakDuringKb / 1024)} MB (VmHWM ${Math.round(peakKb / 1024)} MB) | ${loadNow()} |`,
  };
}

/** /proc/loadavg's three figures: the machine is shared, so every row says what it was measured under. */
function loadNow(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** The bare pool (barePool.ts) sending the same rendered publication to `recipients` addresses, in its own process. */
async function measureBare(sink: SmtpSink, specFile: string): Promise<Run> {
  const before = sink.accepted.length;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/barePool.ts', specFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`bare pool exited with ${code}`);
  const result = JSON.parse(output.trim().split('\n').at(-1)!) as BarePoolResult;
  const received = sink.accepted.length - before;
  const messagesPerSecond = result.sent / result.seconds;
  const cpuMsPerMessage = (1000 * result.cpuSeconds) / result.sent;
  return {
    messagesPerSecond,
    cpuMsPerMessage,
    row: `| bare nodemailer pool | ${result.sent.toLocaleString('en')} (sink: ${received.toLocaleString('en')}) | ${result.seconds.toFixed(1)} s | ${Math.round(messagesPerSecond).toLocaleString('en')} | ${cpuMsPerMessage.toFixed(2)} ms | — | ${loadNow()} |`,
  };
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

const header = [
  '| run | sent | start → finish | messages/s | CPU a message | server RSS before → highest during the job (process peak) | load (1, 5, 15 min) |',
  '| --- | --- | --- | ---: | ---: | --- | --- |',
].join('\n');

async function main(): Promise<void> {
  console.log(
    `\nSend benchmark, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${recipients.toLocaleString('en')} recipients, DELIVERY_CONCURRENCY ${concurrency}, ${smtpConnections} SMTP connections, ${pairs} interleaved pairs, load ${loadNow()}\n`,
  );
  const sink = await startSmtpSink({ keepSource: false });
  const serverEnv = { SMTP_URL: sink.url, DELIVERY_RATE_LIMIT: '1000000', DELIVERY_CONCURRENCY: concurrency };
  const specDir = await mkdtemp(path.join(tmpdir(), 'dpp-bench-send-'));
  const rows: string[] = [];
  const ratios: { label: string; speed: number[]; cpu: number[] }[] = [];
  let profiled = false;
  const runPairs = async (label: string, server: BenchServer) => {
    if (!rendered) throw new Error('the publication did not render');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const spec: BarePoolSpec = {
      smtpUrl: sink.url,
      recipients,
      lanes: Number(concurrency),
      maxConnections: smtpConnections,
      from: 'Gemeente Zuiderveen <nieuwsbrief@zuiderveen.example>',
      ...rendered,
      dkim: {
        domainName: 'zuiderveen.example',
        keySelector: 'bench',
        privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
        headerFieldNames: dkimSignedHeaders,
      },
    };
    const specFile = path.join(specDir, 'bare.json');
    await writeFile(specFile, JSON.stringify(spec));
    const ratio = { label, speed: [] as number[], cpu: [] as number[] };
    ratios.push(ratio);
    console.log(header);
    for (let pair = 0; pair < pairs; pair += 1) {
      const platform = await measure(label, server, sink, Boolean(profileFile) && !profiled);
      profiled = true;
      console.log(platform.row);
      const bare = await measureBare(sink, specFile);
      console.log(bare.row);
      ratio.speed.push(platform.messagesPerSecond / bare.messagesPerSecond);
      ratio.cpu.push(platform.cpuMsPerMessage / bare.cpuMsPerMessage);
      const line = `| ratio ${label} / bare, pair ${pair + 1} | | | **${ratio.speed.at(-1)!.toFixed(2)}** | ${ratio.cpu.at(-1)!.toFixed(2)}× | | |`;
      console.log(line);
      rows.push(platform.row, bare.row, line);
    }
  };
  try {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl || process.env.SEND_BENCH_PGLITE === 'on') {
      const pglite = await startServerProcess(undefined, {
        env: serverEnv,
        inspect,
        prepare: (dataDir) => loadAudience(dataDir, undefined),
      });
      try {
        await runPairs('PGlite', pglite);
      } finally {
        await pglite.stop();
      }
    }
    if (adminUrl) {
      const database = await createTestDatabase(adminUrl);
      const server = await startServerProcess(database, {
        env: serverEnv,
        inspect,
        prepare: (dataDir) => loadAudience(dataDir, database),
      });
      try {
        await runPairs('PostgreSQL', server);
      } finally {
        await server.stop();
        await database.drop();
      }
    }
  } finally {
    await sink.close();
    await rm(specDir, { recursive: true, force: true });
  }
  console.log(`\n${header}`);
  for (const line of rows) console.log(line);
  console.log('');
  reportRows(
    ratios.flatMap(({ label, speed, cpu }) => [
      {
        measure: `send ${label}: messages/s, platform / bare pool (median of ${speed.length})`,
        value: median(speed),
        unit: '×',
        against: { reference: 'bare nodemailer pool, same work', atLeast: 0.8 },
      },
      {
        measure: `send ${label}: CPU a message, platform / bare pool`,
        value: median(cpu),
        unit: '×',
        against: { reference: 'bare nodemailer pool, same work' },
      },
    ]),
  );
}

await main();
