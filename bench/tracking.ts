// `npm run bench:tracking`: the public pixel and click endpoints under load, against a bare Fastify
// (bench/trackingReference.ts: http2 with allowHTTP1 on the same certificate, the same GIF, 302 and
// headers) run interleaved with it. Starts the real server as its own process (PGlite, or a fresh
// PostgreSQL database next to DATABASE_URL when set) with a job, its links and the tracking key prepared
// in its database, signs tokens here (1,000 messages), checks that both answer with the same status and
// header names, then sends both the same requests (the same tokens, a path per request): autocannon at
// BENCH_CONNECTIONS (default 200) for BENCH_DURATION seconds (default 5) per run, BENCH_ROUNDS
// (default 3) pairs per endpoint, who goes first alternating. For each
// run it reads the process's CPU time (/proc/{pid}/stat), so it prints requests/s and CPU a request of
// both and their ratios. Then it stops the server gracefully and counts the stored events: every answered
// request must be there (nothing lost on stop; requests cut off by the client's deadline may be stored
// too). Prints the server's RSS before, after and at peak.
// BENCH_THREADS=1 prints each run's CPU a request by thread (the main thread, V8's GC helpers, …), user
// and system apart, with the process's minor page faults and the main thread's context switches a request.
// BENCH_SERVER_NODE_ARGS (benchServer.ts) go to both processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`.
// Short mode (shortMode.ts): 10 connections, one pair of 1 s runs per endpoint.
import { randomBytes } from 'node:crypto';
import { execSync, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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
import { httpsRequest } from '../tests/server/support/https';
import { serveCommand } from '../tests/server/support/serveCommand';
import { createTestDatabase, type TestDatabase } from '../tests/server/support/testDatabase';
import { startServerProcess } from './benchServer';
import { benchSetting } from './shortMode';
import { reportRows } from './table';

const connections = benchSetting('BENCH_CONNECTIONS', 200, 10);
const durationSeconds = benchSetting('BENCH_DURATION', 5, 1);
const rounds = benchSetting('BENCH_ROUNDS', 3, 1);
const idleSeconds = benchSetting('BENCH_IDLE_SECONDS', 5, 1);
const clockTicks = Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }));
const env = environmentIds.zuiderveen;
const key = randomBytes(32);
/** Distinct messages the tokens stand for (unique counts are exercised, not one key over and over). */
const messages = 1000;

let jobId = '';
let referencePid = 0;
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
  /** CPU seconds the answering process used during the run. */
  cpu: number;
}

function run(name: string, url: string, requestPaths: string[], duration = durationSeconds): Promise<Run> {
  let next = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration,
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
        resolve({ name, result, recorded, cpu: 0 });
      },
    );
    void instance;
  });
}

/** The reference (trackingReference.ts) in its own process, started as the server is (same node options). */
async function startReference(tlsDir: string): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const serve = serveCommand();
  const child = spawn(
    process.execPath,
    [
      ...serve.nodeArgs,
      // The server's extra node options (benchServer.ts), e.g. `--cpu-prof`, go to the reference too.
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'trackingReference.ts'),
    ],
    {
      env: { ...serve.env, ...process.env, PORT: String(port), TLS_DIR: tlsDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // "ready" on a line of its own: node options such as `--trace-gc` print to standard output before it.
  await new Promise<void>((resolve) => {
    let printed = '';
    const onData = (chunk: Buffer) => {
      printed += chunk.toString();
      if (!/^ready$/m.test(printed)) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve();
    };
    child.stdout!.on('data', onData);
  });
  return { url: `https://localhost:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/** CPU seconds (user + system) the process has used so far, from /proc/{pid}/stat. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/** The header names of an answer, without those every server sets per connection or time. */
async function headerNames(url: string, ca: string): Promise<string> {
  const response = await httpsRequest({ method: 'GET', url, ca, headers: { 'user-agent': 'bench' } });
  const names = Object.keys(response.headers).filter(
    (name) => !['date', 'connection', 'keep-alive'].includes(name),
  );
  return `${response.status} ${names.sort().join(', ')}`;
}

interface Side {
  url: string;
  pid: number;
  paths: string[];
}

/** Per thread (`name#tid`), for BENCH_THREADS=1: user and system CPU seconds, context switches. */
interface ThreadCounters {
  user: number;
  system: number;
  /** Voluntary (waiting) and involuntary (preempted) context switches. */
  waits: number;
  preempted: number;
}

async function threadCounters(pid: number): Promise<Map<string, ThreadCounters>> {
  const counters = new Map<string, ThreadCounters>();
  for (const task of await readdir(`/proc/${pid}/task`)) {
    const stat = await readFile(`/proc/${pid}/task/${task}/stat`, 'utf8').catch(() => '');
    const status = await readFile(`/proc/${pid}/task/${task}/status`, 'utf8').catch(() => '');
    if (!stat || !status) continue;
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    counters.set(`${comm}#${task}`, {
      user: Number(fields[11]) / clockTicks,
      system: Number(fields[12]) / clockTicks,
      waits: field('voluntary_ctxt_switches'),
      preempted: field('nonvoluntary_ctxt_switches'),
    });
  }
  return counters;
}

/** Minor page faults of the whole process so far (/proc/{pid}/stat). */
async function minorFaults(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]);
}

/** BENCH_THREADS=1: a run's CPU a request by thread, user and system, page faults and context switches. */
function printCounters(
  label: string,
  requests: number,
  before: Map<string, ThreadCounters>,
  after: Map<string, ThreadCounters>,
  faults: number,
): void {
  const byName = new Map<string, ThreadCounters>();
  for (const [thread, now] of after) {
    const then = before.get(thread) ?? { user: 0, system: 0, waits: 0, preempted: 0 };
    const name = thread.split('#')[0];
    const total = byName.get(name) ?? { user: 0, system: 0, waits: 0, preempted: 0 };
    total.user += now.user - then.user;
    total.system += now.system - then.system;
    total.waits += now.waits - then.waits;
    total.preempted += now.preempted - then.preempted;
    byName.set(name, total);
  }
  const perRequest = (value: number) => ((value * 1e6) / requests).toFixed(1);
  const threads = [...byName]
    .filter(([, counted]) => counted.user + counted.system > 0)
    .map(([thread, counted]) => `${thread} ${perRequest(counted.user)}+${perRequest(counted.system)}`);
  const main = byName.get('MainThread') ?? byName.get('node');
  const switches = main
    ? `; main thread's context switches a request: ${(main.waits / requests).toFixed(3)} waiting, ${(main.preempted / requests).toFixed(3)} preempted`
    : '';
  console.log(
    `${label}: µs a request by thread (user+system): ${threads.join(', ')}; minor faults a request ${(faults / requests).toFixed(3)}${switches}`,
  );
}

async function measure(name: string, side: Side): Promise<Run> {
  const cpuBefore = await cpuSeconds(side.pid);
  const threadsBefore = process.env.BENCH_THREADS ? await threadCounters(side.pid) : undefined;
  const faultsBefore = threadsBefore ? await minorFaults(side.pid) : 0;
  const result = await run(name, side.url, side.paths);
  if (threadsBefore) {
    printCounters(
      `${side.pid === referencePid ? 'reference' : 'server'} ${name}`,
      result.result.requests.total,
      threadsBefore,
      await threadCounters(side.pid),
      (await minorFaults(side.pid)) - faultsBefore,
    );
  }
  return { ...result, cpu: (await cpuSeconds(side.pid)) - cpuBefore };
}

const lo = (values: number[]) => Math.min(...values);
const hi = (values: number[]) => Math.max(...values);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const adminUrl = process.env.DATABASE_URL;
  const database = adminUrl ? await createTestDatabase(adminUrl) : undefined;
  const server = await startServerProcess(database, {
    env: { TRACKING_RATE_LIMIT: String(1_000_000_000), DELIVERY_WORKER: 'off' },
    prepare: (dataDir) => prepare(dataDir, database),
  });
  const driver = database ? 'PostgreSQL' : 'PGlite';
  const reference = await startReference(path.join(dataDirOf, 'tls'));
  referencePid = reference.pid;
  const endpoints = [
    { name: 'GET /t/o/{token}.gif', kind: 'o' as const },
    { name: 'GET /t/c/{token}', kind: 'c' as const },
  ];
  const pairs = new Map<string, { server: Run; reference: Run }[]>(endpoints.map(({ name }) => [name, []]));
  let memory: { before: number; after: number; peak: number };
  let recorded = 0;
  let unlike = false;
  let idle: number[];
  try {
    // Like for like: the same status and header names from both, or the ratio compares different work.
    for (const endpoint of endpoints) {
      const [path0] = paths(endpoint.kind);
      const ours = await headerNames(`${server.url}${path0}`, server.ca);
      const theirs = await headerNames(`${reference.url}${path0}`, server.ca);
      console.log(
        `${endpoint.name}: server ${ours}\n${' '.repeat(endpoint.name.length)}  reference ${theirs}`,
      );
      if (ours !== theirs) unlike = true;
      recorded += 1;
    }
    console.log(
      `\nDriver: ${driver}; ${connections} connections, ${durationSeconds} s a run, ${rounds} interleaved pairs a endpoint; load before: ${load()}`,
    );
    // What each process spends with no request at all (timers, the server's background duties), per second.
    const idleStart = [await cpuSeconds(server.pid), await cpuSeconds(reference.pid)];
    await sleep(idleSeconds * 1000);
    idle = [
      ((await cpuSeconds(server.pid)) - idleStart[0]) / idleSeconds,
      ((await cpuSeconds(reference.pid)) - idleStart[1]) / idleSeconds,
    ];
    const before = await memoryKb(server.pid);
    // Warm-up (not counted): both compile their hot paths, the server loads the job and link.
    for (const endpoint of endpoints) {
      const warmUpPaths = paths(endpoint.kind);
      recorded += (await run('warm-up', server.url, warmUpPaths, 1)).recorded;
      await run('warm-up', reference.url, warmUpPaths, 1);
    }
    for (let round = 0; round < rounds; round++) {
      for (const endpoint of endpoints) {
        const ours: Side = { url: server.url, pid: server.pid, paths: paths(endpoint.kind) };
        // The reference gets the same paths, made by the client the same way: a path set per request
        // (autocannon's setupRequest) costs the answering process 8–10 µs a request more and 15 % of its
        // requests/s against one fixed path (docs/performance.md), which the ratio must not count.
        const theirs: Side = { url: reference.url, pid: reference.pid, paths: ours.paths };
        // Alternate who goes first, so neither always meets the other's leftovers (GC, flushes).
        const serverFirst = round % 2 === 1;
        const first = await measure(endpoint.name, serverFirst ? ours : theirs);
        const second = await measure(endpoint.name, serverFirst ? theirs : ours);
        const pair = serverFirst
          ? { server: first, reference: second }
          : { server: second, reference: first };
        pairs.get(endpoint.name)!.push(pair);
        recorded += pair.server.recorded;
      }
    }
    const after = await memoryKb(server.pid);
    memory = { before: before.rss, after: after.rss, peak: after.peak };
  } finally {
    reference.stop();
    // A graceful stop (SIGTERM): the queued events are written before the database closes.
    await server.stop();
  }
  console.log(`load after: ${load()}\n`);
  console.log(
    '| endpoint | req/s server / reference | ratio (pairs) | p50 / p99 ms server | CPU µs a request server / reference | ratio (pairs) | errors/timeouts |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const rows = [];
  for (const { name } of endpoints) {
    const runs = pairs.get(name)!;
    const rate = (run: Run) => run.result.requests.average;
    const cpuPerRequest = (run: Run) => (run.cpu / Math.max(1, run.result.requests.total)) * 1e6;
    const rateRatios = runs.map((pair) => rate(pair.server) / rate(pair.reference));
    const cpuRatios = runs.map((pair) => cpuPerRequest(pair.server) / cpuPerRequest(pair.reference));
    const serverRate = sum(runs.map((pair) => rate(pair.server))) / runs.length;
    const referenceRate = sum(runs.map((pair) => rate(pair.reference))) / runs.length;
    // Over all pairs: CPU seconds over requests, so a short noisy run weighs what it served.
    const cpuOf = (side: 'server' | 'reference') =>
      (sum(runs.map((pair) => pair[side].cpu)) / sum(runs.map((pair) => pair[side].result.requests.total))) *
      1e6;
    const p = (value: number) => value.toFixed(2);
    console.log(
      `| ${name} | ${Math.round(serverRate)} / ${Math.round(referenceRate)} | ${p(serverRate / referenceRate)} (${p(lo(rateRatios))}–${p(hi(rateRatios))}) | ${runs.map((pair) => `${pair.server.result.latency.p50}/${pair.server.result.latency.p99}`).join(', ')} | ${cpuOf('server').toFixed(1)} / ${cpuOf('reference').toFixed(1)} | ${p(cpuOf('server') / cpuOf('reference'))} (${p(lo(cpuRatios))}–${p(hi(cpuRatios))}) | ${sum(runs.map((pair) => pair.server.result.errors))}/${sum(runs.map((pair) => pair.server.result.timeouts))} |`,
    );
    rows.push(
      { measure: `tracking ${name}`, value: serverRate, unit: 'req/s' },
      { measure: `tracking ${name} CPU a request`, value: cpuOf('server'), unit: 'µs' },
      {
        measure: `tracking ${name} req/s vs bare Fastify`,
        value: serverRate / referenceRate,
        unit: '×',
        against: { reference: 'bare Fastify (bench/trackingReference.ts), interleaved', atLeast: 0.8 },
      },
      {
        measure: `tracking ${name} CPU a request vs bare Fastify`,
        value: cpuOf('server') / cpuOf('reference'),
        unit: '×',
        against: { reference: 'bare Fastify (bench/trackingReference.ts), interleaved', atMost: 1.25 },
      },
    );
  }
  reportRows(rows);
  console.log(
    `\nIdle CPU (no requests, ${idleSeconds} s): server ${(idle[0] * 1000).toFixed(1)} ms/s, reference ${(idle[1] * 1000).toFixed(1)} ms/s`,
  );
  console.log(
    `Server RSS: ${Math.round(memory.before / 1024)} MB before, ${Math.round(memory.after / 1024)} MB after, peak ${Math.round(memory.peak / 1024)} MB`,
  );
  if (unlike) {
    console.log(
      'The reference does not answer like the server (status or headers differ): bench/trackingReference.ts',
    );
    process.exitCode = 1;
  }
  if (database) {
    const opened = await openDatabase({ dataDir: dataDirOf, databaseUrl: database.url });
    const [stored] = await opened.db.select({ n: count() }).from(analyticsEvents);
    await opened.close();
    // At least every answered request: requests still in flight when autocannon stops are recorded too.
    console.log(`Events: ${recorded} recorded answers, ${stored.n} stored after the graceful stop`);
    if (stored.n < recorded) process.exitCode = 1;
    await database.drop();
  } else {
    console.log(
      `Events: ${recorded} recorded answers (the stored count is checked on PostgreSQL: the PGlite data directory goes with the server)`,
    );
  }
}

await main();
