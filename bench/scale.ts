// `npm run bench:scale` (issue 27, 41): the API's mixed read/write load (like bench:load) through nginx
// (deploy/nginx, as the multi-instance test renders it) against 1, 2 and 3 server instances on one
// PostgreSQL database, one s3rver bucket and one Redis; then 3 instances with one killed (SIGKILL) halfway,
// counting errors before, around and after the kill. After each phase every write answered 2xx must be
// present exactly once (nothing lost, nothing counted twice).
// What several instances cost: every phase offers the same BENCH_RATE requests a second (open loop), and
// counts the CPU time (user + system) of the instances behind its proxy, of the instances not behind it
// (idle meanwhile: their background duties) and of the database's PostgreSQL backends, over the phase.
// The phases of 1, 2 and 3 instances run in BENCH_ROUNDS rounds, each in another order (1-2-3, 3-1-2,
// 2-3-1, …), so that a change in the machine's load does not fall on one count of instances; the summary
// gives the medians, the ratio of CPU a request to one instance as the median of each round's ratio, and
// the same without the duties' share (the idle instances' CPU a second, times the serving instances).
// Before the rounds, each instance's CPU while nothing is asked of any (BENCH_IDLE_SECONDS).
// BENCH_CONTROLS=1 adds to each round, after its phase of one instance, that instance alone at the rate
// each of 2 and of 3 instances gets (BENCH_RATE/2, /3), and at BENCH_RATE while a busy process spins on
// the machine: what the CPU a request of one process does with its own rate and the machine's load.
// Options: BENCH_RATE (requests/s, default 50; 0: a closed loop of BENCH_CLIENTS clients), BENCH_CLIENTS
// (connections at most, default 24), BENCH_DURATION (s per phase, default 20), BENCH_ROUNDS (default 3),
// BENCH_IDLE_SECONDS (default 30), BENCH_POOL_SIZE (each instance's DATABASE_POOL_SIZE, default 4),
// BENCH_WRITE_SHARE (default 0.3); short mode (shortMode.ts) 20 requests/s, 4 connections, 2 s per phase,
// 1 round, 2 s idle. PostgreSQL: TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test;
// Redis: REDIS_URL or redis://127.0.0.1:6379.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, request } from 'node:https';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { demoUsers, environmentIds, receiverIds } from '../server/src/seed/ids';
import { freePort } from '../tests/server/support/freePort';
import { httpsRequest } from '../tests/server/support/https';
import { startNginx, type TestNginx } from '../tests/server/support/nginx';
import { startTestS3 } from '../tests/server/support/s3Server';
import {
  exitWithin,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../tests/server/support/serverProcess';
import { signInWithCode, type Tokens } from '../tests/server/support/signIn';
import { createTestDatabase } from '../tests/server/support/testDatabase';
import { backendsCpuMeter, processCpuMs } from './processCpu';
import { benchSetting } from './shortMode';
import { median, reportRows } from './table';

/**
 * The requests a second every phase offers, the same for 1, 2 and 3 instances, below what one instance
 * answers on this machine: the CPU a request is then not inflated by requests queueing for a busy CPU, nor
 * deflated by a saturated process doing several at once. 0: closed loop (BENCH_CLIENTS as fast as answered).
 */
const rate = benchSetting('BENCH_RATE', 50, 20);
/** Connections to the proxy at most (requests in flight; in the closed loop, clients). */
const clients = benchSetting('BENCH_CLIENTS', 24, 4);
/**
 * Each instance's DATABASE_POOL_SIZE: three instances' pools together about the one instance's default
 * of 10, so that adding instances does not also multiply the queries PostgreSQL runs at once.
 */
const poolSize = benchSetting('BENCH_POOL_SIZE', 4, 4);
const durationSeconds = benchSetting('BENCH_DURATION', 20, 2);
const rounds = benchSetting('BENCH_ROUNDS', 3, 1);
const idleSeconds = benchSetting('BENCH_IDLE_SECONDS', 30, 2);
const writeShare = Number(process.env.BENCH_WRITE_SHARE ?? 0.3);
const controls = process.env.BENCH_CONTROLS === '1';
const env = environmentIds.zuiderveen;

interface Instance {
  dataDir: string;
  port: number;
  process: ServerProcess;
}

interface Sample {
  status: number;
  milliseconds: number;
  /** When the answer came, ms since the phase started. */
  at: number;
  writing: boolean;
}

interface PhaseResult {
  phase: string;
  /** How many instances served it. */
  instances: number;
  round?: number;
  requests: number;
  reqPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Writes answered 2xx but not present afterwards (must be 0). */
  lost: number;
  /** Writes present without a 2xx answer: in flight on an instance that died after committing. */
  writtenUnanswered: number;
  failedWrites: number;
  /** CPU time (ms) of the serving instances, together, per request answered. */
  serverCpuPerRequest: number;
  /** The serving instances' main threads' voluntary context switches (sleeps, wake-ups) per request. */
  wakeUpsPerRequest: number;
  /** CPU time (ms) of the database's PostgreSQL backends (all instances' connections) per request. */
  postgresCpuPerRequest: number;
  /** CPU time (ms) a second of each instance not serving meanwhile (its background duties); NaN: none. */
  idleCpuPerSecond: number;
  extra?: string;
}

/** What the proxy in front of some instances serves, and whose CPU time is counted while it does. */
interface Target {
  origin: string;
  instances: Instance[];
  /** The PostgreSQL database's name. */
  database: string;
  /** The instances not behind this proxy: idle meanwhile, their CPU is that of their background duties. */
  idle: Instance[];
}

async function main(): Promise<void> {
  const database = await createTestDatabase(
    process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  );
  const s3 = await startTestS3();
  const instances: Instance[] = [];
  const proxies = new Map<string, TestNginx>();
  try {
    const shared = {
      ...s3.env,
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `bench-${randomBytes(4).toString('hex')}:`,
      TRUST_PROXY: 'on',
      DATABASE_POOL_SIZE: String(poolSize),
      // Many clients behind one address here: the public limits must not be what is measured.
      IDENTITY_RATE_LIMIT: '100000',
      ENVIRONMENT_INFO_RATE_LIMIT: '100000',
      HEALTH_RATE_LIMIT: '100000',
    };
    const publicPort = await freePort();
    for (let index = 0; index < 3; index += 1) {
      const dataDir = await mkdtemp(path.join(tmpdir(), `dpp-scale-${index}-`));
      const port = await freePort();
      // Each instance's PUBLIC_URL is that of the proxy in front of all three: tokens are issued there and
      // valid everywhere.
      const child = spawnServer({
        ...shared,
        PUBLIC_URL: `https://localhost:${publicPort}`,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: 'localhost',
      });
      await waitForHealth(child, `https://localhost:${port}`, dataDir);
      instances.push({ dataDir, port, process: child });
    }
    const certificatePath = path.join(instances[0]!.dataDir, 'tls', 'localhost-cert.pem');
    const ca = await readFile(certificatePath, 'utf8');
    /** The proxy in front of some of the instances (started the first time they are asked for). */
    const proxyFor = async (serving: Instance[], port?: number): Promise<Target> => {
      // One proxy for each set of instances, whatever their order.
      const key = serving
        .map((instance) => instance.port)
        .sort((a, b) => a - b)
        .join(',');
      let proxy = proxies.get(key);
      if (!proxy) {
        proxy = await startNginx({
          port: port ?? (await freePort()),
          upstreams: serving.map((instance) => `127.0.0.1:${instance.port}`),
          certificatePath,
          keyPath: path.join(instances[0]!.dataDir, 'tls', 'localhost-key.pem'),
        });
        proxies.set(key, proxy);
      }
      const idle = instances.filter((instance) => !serving.includes(instance));
      return { origin: proxy.url, instances: serving, database: database.name, idle };
    };
    const all = await proxyFor(instances, publicPort);
    const info = JSON.parse(
      (await httpsRequest({ method: 'GET', url: `${all.origin}/api/1/environment/info`, ca })).text,
    ) as { clientId: string; authority: string; apiScope: string };
    const target = { url: all.origin, ca, ...info };
    const tokens = [
      await signInWithCode(target, demoUsers.anne.username),
      await signInWithCode(target, demoUsers.bram.username),
    ];

    // Every instance has served a few requests (its connections, caches and compiled code warm) before
    // anything is counted.
    await phase('warm-up', { ...all, instances: [], idle: [] }, ca, tokens, Math.min(10, durationSeconds));
    // Each proxy the rounds use opens its connections to its instances before anything is counted: a
    // phase measures requests, not the TLS handshakes of a proxy's first seconds.
    for (const serving of [[0], [1], [2], [0, 1], [1, 2], [2, 0]]) {
      const proxy = await proxyFor(serving.map((index) => instances[index]!));
      await phase('warm-up', { ...proxy, instances: [], idle: [] }, ca, tokens, Math.min(3, durationSeconds));
    }
    const idle = await idleCpu(instances, database.name);

    console.log(
      `\nbench:scale, ${new Date().toISOString()}: ` +
        `${rate > 0 ? `${rate} requests/s offered, at most ${clients} connections` : `${clients} clients, closed loop`}, ` +
        `DATABASE_POOL_SIZE=${poolSize}, ` +
        `${durationSeconds} s per phase, ` +
        `${rounds} round${rounds > 1 ? 's' : ''}, ${Math.round(writeShare * 100)} % writes; load average before: ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    console.log(
      `idle, ${idleSeconds} s: ${idle.each.map((ms) => `${(ms / idleSeconds).toFixed(1)} ms CPU/s`).join(', ')} ` +
        `(instances 1, 2, 3), PostgreSQL's backends ${(idle.postgres / idleSeconds).toFixed(1)} ms CPU/s`,
    );
    const results: PhaseResult[] = [];
    const controlResults: PhaseResult[] = [];
    for (let round = 0; round < rounds; round += 1)
      for (const count of roundOrder(round)) {
        // Each round starts at another instance: every process serves as often, and a count of instances
        // is not always the same processes.
        const serving = instances.map((_, index) => instances[(round + index) % instances.length]!);
        const target = await proxyFor(serving.slice(0, count));
        const result = await phase(label(count), target, ca, tokens, durationSeconds);
        results.push({ ...result, round: round + 1 });
        console.log(
          `round ${round + 1}, ${label(count)}: ${result.reqPerSecond.toFixed(0)} req/s, ` +
            `${result.serverCpuPerRequest.toFixed(2)} ms server CPU a request, load ${loadavg()[0]!.toFixed(2)}` +
            (Number.isFinite(result.idleCpuPerSecond)
              ? `, the idle instance${count < 2 ? 's' : ''} ${result.idleCpuPerSecond.toFixed(1)} ms CPU/s each`
              : ''),
        );
        if (controls && count === 1) controlResults.push(...(await controlPhases(target, ca, tokens, round)));
      }
    // The last phase: three instances, the third killed halfway.
    const victim = instances[2]!;
    const killed = await phase('3, one killed halfway', all, ca, tokens, durationSeconds, {
      at: (durationSeconds * 1000) / 2,
      kill: () => victim.process.child.kill('SIGKILL'),
    });
    results.push(killed);
    console.log(
      `load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
    );
    console.log(
      '| phase | round | requests | req/s | server CPU ms/request | wake-ups/request | PostgreSQL ms/request | ' +
        'p50 ms | p99 ms | errors | writes lost | written, answer lost | errors |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const result of [...results, ...controlResults])
      console.log(
        `| ${result.phase} | ${result.round ?? ''} | ${result.requests} | ${result.reqPerSecond.toFixed(0)} | ` +
          `${cpuFigure(result.serverCpuPerRequest)} | ${cpuFigure(result.wakeUpsPerRequest)} | ` +
          `${cpuFigure(result.postgresCpuPerRequest)} | ` +
          `${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.errors} | ${result.lost} | ` +
          `${result.writtenUnanswered} | ${result.extra ?? ''} |`,
      );
    // Nothing acknowledged may be missing; a write without an answer may only be one whose answer failed.
    for (const text of firstFailure.values()) console.log(`first ${text}`);
    const summary = summarise(results.filter((result) => result.round !== undefined));
    console.log(
      `\nmedians of ${rounds} round${rounds > 1 ? 's' : ''}:\n` +
        '| instances | req/s | server CPU ms/request | ratio to one | of which duties, ms/request | ' +
        'without duties, ratio to one | PostgreSQL ms/request |\n' +
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const row of summary)
      console.log(
        `| ${row.instances} | ${row.reqPerSecond.toFixed(0)} | ${row.serverCpuPerRequest.toFixed(3)} | ` +
          `${row.ratioToOne.toFixed(2)} | ${row.dutiesPerRequest.toFixed(3)} | ${row.ratioWithoutDuties.toFixed(2)} | ` +
          `${row.postgresCpuPerRequest.toFixed(3)} |`,
      );
    if (controls) {
      console.log(
        '\none instance alone, ratio of its CPU a request to its own at BENCH_RATE in the same round ' +
          '(median of the rounds):',
      );
      for (const name of new Set(controlResults.map((result) => result.phase))) {
        const ratios = controlResults
          .filter((result) => result.phase === name)
          .map(
            (result) => result.serverCpuPerRequest / oneInstance(results, result.round).serverCpuPerRequest,
          );
        console.log(
          `${name}: ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
        );
      }
    }
    console.log();
    reportRows([
      ...idle.each.map((ms, index) => ({
        measure: `scale idle instance ${index + 1}: CPU`,
        value: ms / idleSeconds,
        unit: 'ms/s',
      })),
      { measure: 'scale idle PostgreSQL backends: CPU', value: idle.postgres / idleSeconds, unit: 'ms/s' },
      ...summary.flatMap((row) => [
        { measure: `scale ${label(row.instances)}: requests/s`, value: row.reqPerSecond, unit: 'req/s' },
        {
          measure: `scale ${label(row.instances)}: server CPU a request`,
          value: row.serverCpuPerRequest,
          unit: 'ms',
        },
        ...(row.instances > 1
          ? [
              {
                measure: `scale ${label(row.instances)}: CPU a request`,
                value: row.ratioToOne,
                unit: '×',
                against: { reference: '1 instance', atMost: 1.1 },
              },
            ]
          : []),
      ]),
      { measure: `scale ${killed.phase}: requests/s`, value: killed.reqPerSecond, unit: 'req/s' },
      {
        measure: `scale ${killed.phase}: failed reads`,
        value: killed.errors - killed.failedWrites,
        unit: '',
      },
      { measure: `scale ${killed.phase}: failed writes`, value: killed.failedWrites, unit: '' },
    ]);
    if (results.some((result) => result.lost > 0 || result.writtenUnanswered > result.failedWrites))
      process.exitCode = 1;
  } finally {
    for (const proxy of proxies.values()) await proxy.close();
    for (const instance of instances) {
      if (instance.process.child.exitCode === null && instance.process.child.signalCode === null) {
        instance.process.child.kill('SIGTERM');
        await exitWithin(instance.process, 20_000).catch(() => undefined);
      }
      await rm(instance.dataDir, { recursive: true, force: true });
    }
    await s3.close();
    await database.drop();
  }
}

async function phase(
  name: string,
  target: Target,
  ca: string,
  tokens: Tokens[],
  seconds: number,
  incident?: { at: number; kill(): void },
  offered = rate,
): Promise<PhaseResult> {
  const origin = target.origin;
  const run = `scale${Date.now().toString(36)}`;
  const setupAgent = new Agent({ ca });
  const created = await send(origin, setupAgent, tokens[0]!, 'POST', `/list/manual?title=${run}`);
  setupAgent.destroy();
  const benchList = (JSON.parse(created.text) as { id: string }).id;
  const samples: Sample[] = [];
  let acknowledged = 0;
  const serverBefore = serverCpuMs(target.instances);
  const wakeUpsBefore = wakeUps(target.instances);
  const idleBefore = serverCpuMs(target.idle);
  const postgresCpu = backendsCpuMeter(target.database);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let killedAt: number | undefined;
  const timer = incident
    ? setTimeout(() => {
        killedAt = performance.now() - started;
        incident.kill();
      }, incident.at)
    : undefined;
  /** One request, the n-th of the phase: a write (a subscriber added to the phase's list) or a read. */
  const one = async (agent: Agent, n: number, since: number) => {
    const writing = Math.random() < writeShare;
    const token = tokens[n % tokens.length]!;
    const answer = writing
      ? await send(origin, agent, token, 'POST', `/list/manual/${benchList}/subscriber`, {
          name: `${run}-${n}`,
          email: `${run}-${n}@voorbeeld.nl`,
        })
      : await send(origin, agent, token, 'GET', readPaths[n % readPaths.length]!);
    const now = performance.now();
    samples.push({ status: answer.status, milliseconds: now - since, at: now - started, writing });
    if ((answer.status < 200 || answer.status >= 300) && !firstFailure.has(answer.status))
      firstFailure.set(answer.status, `${answer.status} ${answer.text.slice(0, 200)}`);
    if (writing && answer.status >= 200 && answer.status < 300) acknowledged += 1;
  };
  if (rate > 0) {
    // Open loop: the n-th request leaves at started + n / rate whatever the answers before it; its time is
    // counted from that planned moment (a request waiting for a free connection counts its wait).
    const agent = new Agent({ ca, keepAlive: true, maxSockets: clients });
    const inFlight = new Set<Promise<void>>();
    for (let n = 0; ; n += 1) {
      const planned = started + (n * 1000) / offered;
      if (planned >= deadline) break;
      const wait = planned - performance.now();
      if (wait > 0) await sleep(wait);
      const sent: Promise<void> = one(agent, n, planned).finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
    await Promise.all(inFlight);
    agent.destroy();
  } else {
    // Closed loop: each client sends its next request when its last one is answered.
    let n = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        const agent = new Agent({ ca, keepAlive: true, maxSockets: 1 });
        while (performance.now() < deadline) await one(agent, n++, performance.now());
        agent.destroy();
      }),
    );
  }
  clearTimeout(timer);
  const elapsed = (performance.now() - started) / 1000;
  const serverSpent = serverCpuMs(target.instances) - serverBefore;
  const wakeUpsSpent = wakeUps(target.instances) - wakeUpsBefore;
  const idleSpent = serverCpuMs(target.idle) - idleBefore;
  const postgresSpent = postgresCpu('last');
  const checkAgent = new Agent({ ca });
  const present = await send(
    origin,
    checkAgent,
    tokens[0]!,
    'GET',
    `/list/manual/${benchList}/subscribers?limit=1`,
  );
  checkAgent.destroy();
  const found = Number(
    present.headers['x-total-count'] ?? (JSON.parse(present.text) as { total: number }).total,
  );
  const times = samples.map((sample) => sample.milliseconds).sort((a, b) => a - b);
  const failed = samples.filter((sample) => sample.status < 200 || sample.status >= 300);
  let extra =
    failed.length > 0 ? `statuses ${JSON.stringify(countBy(failed.map((sample) => sample.status)))}` : '';
  if (killedAt !== undefined) {
    const before = failed.filter((sample) => sample.at < killedAt!).length;
    const within = failed.filter((sample) => sample.at >= killedAt! && sample.at < killedAt! + 1000).length;
    const after = failed.filter((sample) => sample.at >= killedAt! + 1000).length;
    extra = `before the kill ${before}, within 1 s after it ${within}, later ${after}; ${extra}`;
  }
  return {
    phase: name,
    instances: target.instances.length,
    requests: samples.length,
    reqPerSecond: samples.length / elapsed,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    errors: failed.length,
    lost: Math.max(0, acknowledged - found),
    writtenUnanswered: Math.max(0, found - acknowledged),
    failedWrites: failed.filter((sample) => sample.writing).length,
    serverCpuPerRequest: serverSpent / samples.length,
    wakeUpsPerRequest: wakeUpsSpent / samples.length,
    postgresCpuPerRequest: postgresSpent / samples.length,
    idleCpuPerSecond: target.idle.length > 0 ? idleSpent / target.idle.length / elapsed : Number.NaN,
    extra,
  };
}

/** The CPU time (ms) the instances used so far, together; NaN once one of them has ended (the kill phase). */
function serverCpuMs(instances: Instance[]): number {
  let sum = 0;
  for (const { process: server } of instances) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return Number.NaN;
    sum += processCpuMs(server.child.pid!);
  }
  return sum;
}

/**
 * The voluntary context switches so far of the instances' main threads, together: each time the event
 * loop waited for something and was woken. NaN once one of them has ended.
 */
function wakeUps(instances: Instance[]): number {
  let sum = 0;
  for (const { process: server } of instances) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return Number.NaN;
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    sum += Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1]);
  }
  return sum;
}

/**
 * BENCH_CONTROLS: the one instance of `target` alone at the rate each of 2 and of 3 instances gets, and at
 * the full rate while a busy process (a spinning node) takes a core.
 */
async function controlPhases(
  target: Target,
  ca: string,
  tokens: Tokens[],
  round: number,
): Promise<PhaseResult[]> {
  const found: PhaseResult[] = [];
  for (const split of [2, 3]) {
    const offered = rate / split;
    const name = `1 instance at ${offered.toFixed(1)} req/s`;
    found.push({
      ...(await phase(name, target, ca, tokens, durationSeconds, undefined, offered)),
      round: round + 1,
    });
  }
  const spinner = spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
  try {
    const name = `1 instance at ${rate} req/s, a busy process beside it`;
    found.push({ ...(await phase(name, target, ca, tokens, durationSeconds)), round: round + 1 });
  } finally {
    spinner.kill('SIGKILL');
  }
  for (const result of found)
    console.log(
      `round ${round + 1}, ${result.phase}: ${result.serverCpuPerRequest.toFixed(2)} ms server CPU a request, ` +
        `load ${loadavg()[0]!.toFixed(2)}`,
    );
  return found;
}

/** The phase of one instance (BENCH_RATE) of a round. */
function oneInstance(results: PhaseResult[], round: number | undefined): PhaseResult {
  return results.find((result) => result.round === round && result.instances === 1)!;
}

/** Each instance's CPU time (ms), and that of their PostgreSQL backends, over idleSeconds without requests. */
async function idleCpu(
  instances: Instance[],
  database: string,
): Promise<{ each: number[]; postgres: number }> {
  const before = instances.map((instance) => serverCpuMs([instance]));
  const postgres = backendsCpuMeter(database);
  await sleep(idleSeconds * 1000);
  return {
    each: instances.map((instance, index) => serverCpuMs([instance]) - before[index]!),
    postgres: postgres('last'),
  };
}

/** The counts of instances in round `round` (from 0): 1-2-3, 3-1-2, 2-3-1, then again. */
function roundOrder(round: number): number[] {
  return [1, 2, 3].map((_, index) => ((index - round + 30) % 3) + 1);
}

/** A CPU time a request; a dash when it could not be counted (an instance was killed). */
function cpuFigure(milliseconds: number): string {
  return Number.isFinite(milliseconds) ? milliseconds.toFixed(2) : '—';
}

function label(count: number): string {
  return `${count} instance${count > 1 ? 's' : ''}`;
}

interface Summary {
  instances: number;
  reqPerSecond: number;
  serverCpuPerRequest: number;
  /** The median over the rounds of each round's CPU a request with this many instances against one. */
  ratioToOne: number;
  /**
   * What of the CPU a request is the serving instances' background duties: the CPU a second an idle
   * instance used in the same round (the instances not serving its 1- and 2-instance phases), times the
   * instances, spread over the requests of a second.
   */
  dutiesPerRequest: number;
  /** The ratio to one instance of the CPU a request without the duties' share. */
  ratioWithoutDuties: number;
  postgresCpuPerRequest: number;
}

/** The medians over the rounds for 1, 2 and 3 instances. */
function summarise(results: PhaseResult[]): Summary[] {
  const of = (count: number) => results.filter((result) => result.instances === count);
  const one = new Map(of(1).map((result) => [result.round, result.serverCpuPerRequest]));
  /** A round's idle CPU a second of one instance: the mean over its phases that left instances idle. */
  const idleOf = (round: number | undefined) => {
    const seen = results
      .filter((result) => result.round === round && Number.isFinite(result.idleCpuPerSecond))
      .map((result) => result.idleCpuPerSecond);
    return seen.reduce((sum, value) => sum + value, 0) / seen.length;
  };
  const duties = (result: PhaseResult) => (idleOf(result.round) * result.instances) / result.reqPerSecond;
  const oneWithout = new Map(
    of(1).map((result) => [result.round, result.serverCpuPerRequest - duties(result)]),
  );
  return [1, 2, 3].map((count) => ({
    instances: count,
    reqPerSecond: median(of(count).map((result) => result.reqPerSecond)),
    serverCpuPerRequest: median(of(count).map((result) => result.serverCpuPerRequest)),
    ratioToOne: median(of(count).map((result) => result.serverCpuPerRequest / one.get(result.round)!)),
    dutiesPerRequest: median(of(count).map(duties)),
    ratioWithoutDuties: median(
      of(count).map(
        (result) => (result.serverCpuPerRequest - duties(result)) / oneWithout.get(result.round)!,
      ),
    ),
    postgresCpuPerRequest: median(of(count).map((result) => result.postgresCpuPerRequest)),
  }));
}

/** The first answer of each failing status, printed at the end (what went wrong, not only how often). */
const firstFailure = new Map<number, string>();

const readPaths = [
  '/lists/?limit=50',
  `/list/manual/${receiverIds.lists.residents}/subscribers?limit=50`,
  '/publications/?limit=50',
  '/audiences/',
  '/themes',
  `/audience/${receiverIds.audiences.everyone}/recipients/count`,
];

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One environment-scoped call as the console sends it; status 0 when no answer came. */
function send(
  origin: string,
  agent: Agent,
  token: Tokens,
  method: string,
  call: string,
  json?: unknown,
): Promise<Answer> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const headers: Record<string, string> = {
    authorization: `Bearer ${token.accessToken}`,
    'x-environment-id': env,
    accept: 'application/json',
    ...(body !== undefined && {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    }),
  };
  return new Promise((resolve) => {
    const outgoing = request(
      new URL(`/api/1/${env}${call}`, origin),
      { method, agent, headers, timeout: 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            headers: response.headers,
          }),
        );
        response.on('error', () => resolve({ status: 0, text: '', headers: {} }));
      },
    );
    outgoing.on('error', (error) => resolve({ status: 0, text: String(error), headers: {} }));
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.end(body);
  });
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function countBy(values: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

await main();
