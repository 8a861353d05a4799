// `npm run bench:api-driver`: one page of 250 subscribers through the API against the same three
// queries sent straight through the driver (bench/rawDriverServer.ts), each its own process, driven by
// autocannon from this one (10 connections), interleaved: API, driver, API, driver … and the ratio
// pair by pair. PGlite by default (the driver server opens a copy of the data directory: PGlite allows
// one process per directory); with DATABASE_URL a fresh PostgreSQL database next to it, shared by both.
// Options: BENCH_SUBSCRIBERS (list size, default 10000), BENCH_PAIRS (default 5), BENCH_DURATION (s per
// run, default 5), BENCH_CONNECTIONS (default 10), BENCH_CPU_PROF=dir (both servers write a --cpu-prof
// profile there when they stop), BENCH_LOG_LEVEL (the API's, default warn: `info`, the production
// default, logs every request), BENCH_ACCEPT_ENCODING (sent with the measured requests, default none:
// the API then compresses its answers as for a browser, the driver server never does),
// BENCH_DRIVER_SQL (`plain` or `api`: which statements the driver server sends, see rawDriverServer.ts).
// Short mode (shortMode.ts): 500 subscribers, 1 pair of 2 s.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { demoUsers } from '../server/src/seed/ids';
import { freePort } from '../tests/server/support/freePort';
import { startServerProcess, type ServerProcess } from '../tests/e2e/support/serverProcess';
import { httpsRequest } from '../tests/server/support/https';
import { signInWithCode } from '../tests/server/support/signIn';
import { createTestDatabase } from '../tests/server/support/testDatabase';
import { bigListEnvironment, prepareBigList } from './bigList';
import { processCpuMs } from './processCpu';
import { benchSetting } from './shortMode';
import { median, reportRows } from './table';

const subscriberTotal = benchSetting('BENCH_SUBSCRIBERS', 10_000, 500);
const pairs = benchSetting('BENCH_PAIRS', 5, 1);
const durationSeconds = benchSetting('BENCH_DURATION', 5, 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const cpuProfileDir = process.env.BENCH_CPU_PROF;
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING;
const driverStatements = process.env.BENCH_DRIVER_SQL ?? 'plain';

interface Endpoint {
  name: string;
  url: string;
  /** The serving process, whose CPU time per answered request is read from /proc. */
  pid: number;
}

interface Run {
  requestsPerSecond: number;
  /** CPU milliseconds (user + system) the serving process spent per answered request. */
  cpuMsPerRequest: number;
}

async function main(): Promise<void> {
  if (!existsSync('dist-server/main.js'))
    throw new Error('dist-server/ is missing: run `npm run build` first');
  const adminUrl = process.env.DATABASE_URL;
  const database = adminUrl ? await createTestDatabase(adminUrl) : undefined;
  const driver = database ? 'PostgreSQL' : 'PGlite';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-bench-api-driver-'));
  const rawDir = database ? dataDir : `${dataDir}-raw`;
  const serverEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    LOG_LEVEL: logLevel,
    NODE_ENV: 'production',
    EMBEDDED_IDENTITY: 'on', // the demo sign-in, as a demo installation runs it
    ...(cpuProfileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(cpuProfileDir)}` } : {}),
  };
  let api: ServerProcess | undefined;
  let stopRaw: (() => Promise<void>) | undefined;
  try {
    const { listId } = await prepareBigList(dataDir, database?.url, subscriberTotal);
    const pagePath = `/api/1/${bigListEnvironment}/list/manual/${listId}/subscribers?limit=250`;
    api = await startServerProcess(serverEnv);
    const ca = await readFile(path.join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
    const info = JSON.parse(
      (await httpsRequest({ method: 'GET', url: `${api.url}/api/1/environment/info`, ca })).text,
    ) as { clientId: string; authority: string; apiScope: string };
    const tokens = await signInWithCode({ url: api.url, ca, ...info }, demoUsers.anne.username);
    const headers = {
      authorization: `Bearer ${tokens.accessToken}`,
      'x-environment-id': bigListEnvironment,
      accept: 'application/json',
    };
    // The first scoped call links the signed-in identity to the seeded user (the driver server reads it).
    const first = await httpsRequest({ method: 'GET', url: `${api.url}${pagePath}`, ca, headers });
    if (first.status !== 200) throw new Error(`API: ${first.status} ${first.text}`);
    if (!database) {
      await api.stop();
      await cp(dataDir, rawDir, { recursive: true });
      api = await startServerProcess({ ...serverEnv, PORT: new URL(api.url).port });
    }
    const raw = await startRawDriverServer(rawDir, database?.url);
    stopRaw = raw.stop;
    const same = await httpsRequest({ method: 'GET', url: `${raw.url}${pagePath}`, ca, headers });
    const expected = JSON.parse(first.text) as unknown;
    if (JSON.stringify(JSON.parse(same.text)) !== JSON.stringify(expected))
      throw new Error('the driver server answers other rows than the API');

    const endpoints: Endpoint[] = [
      { name: 'API', url: `${api.url}${pagePath}`, pid: api.pid },
      { name: 'driver', url: `${raw.url}${pagePath}`, pid: raw.pid },
    ];
    console.log(
      `\n${driver}; ${subscriberTotal} subscribers in the list; ${connections} connections; API log level ${logLevel}; ` +
        `Accept-Encoding: ${acceptEncoding ?? 'none'}; driver statements: ${driverStatements}; ` +
        `${pairs} pairs of ${durationSeconds} s, interleaved\n`,
    );
    const measuredHeaders = acceptEncoding ? { ...headers, 'accept-encoding': acceptEncoding } : headers;
    for (const endpoint of endpoints) await measure(endpoint, measuredHeaders, 2); // JIT, pools, caches
    const runs: Array<[viaApi: Run, viaDriver: Run]> = [];
    for (let pair = 0; pair < pairs; pair += 1) {
      const viaApi = await measure(endpoints[0], measuredHeaders, durationSeconds);
      const viaDriver = await measure(endpoints[1], measuredHeaders, durationSeconds);
      runs.push([viaApi, viaDriver]);
      console.log(
        `pair ${pair + 1}: API ${viaApi.requestsPerSecond.toFixed(0)} req/s (${viaApi.cpuMsPerRequest.toFixed(2)} ms CPU each), ` +
          `driver ${viaDriver.requestsPerSecond.toFixed(0)} req/s (${viaDriver.cpuMsPerRequest.toFixed(2)} ms CPU each), ` +
          `ratio ${(viaApi.requestsPerSecond / viaDriver.requestsPerSecond).toFixed(2)}`,
      );
    }
    const label = `250-row subscriber page, ${driver}`;
    reportRows([
      { measure: `${label}: API`, value: median(runs.map(([a]) => a.requestsPerSecond)), unit: 'req/s' },
      { measure: `${label}: driver`, value: median(runs.map(([, d]) => d.requestsPerSecond)), unit: 'req/s' },
      {
        measure: `${label}: API / driver, req/s (median of ${pairs} pairs)`,
        value: median(runs.map(([a, d]) => a.requestsPerSecond / d.requestsPerSecond)),
        unit: '×',
        against: { reference: 'the raw driver sending the same statements' },
      },
      {
        measure: `${label}: API, server CPU per request`,
        value: median(runs.map(([a]) => a.cpuMsPerRequest)),
        unit: 'ms',
      },
      {
        measure: `${label}: driver, server CPU per request`,
        value: median(runs.map(([, d]) => d.cpuMsPerRequest)),
        unit: 'ms',
      },
    ]);
  } finally {
    await stopRaw?.();
    await api?.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (rawDir !== dataDir) await rm(rawDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** Requests per second of one endpoint over `seconds`; every answer must be a 200. */
function measure(endpoint: Endpoint, headers: Record<string, string>, seconds: number): Promise<Run> {
  const cpuBefore = processCpuMs(endpoint.pid);
  return new Promise((resolve, reject) => {
    autocannon({ url: endpoint.url, headers, connections, duration: seconds }, (error, result: Result) => {
      if (error) return reject(error);
      if (result.non2xx + result.errors > 0)
        return reject(
          new Error(`${endpoint.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`),
        );
      resolve({
        requestsPerSecond: result.requests.average,
        cpuMsPerRequest: (processCpuMs(endpoint.pid) - cpuBefore) / result.requests.total,
      });
    });
  });
}

async function startRawDriverServer(dataDir: string, databaseUrl: string | undefined) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/rawDriverServer.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      BENCH_USERNAME: demoUsers.anne.username,
      BENCH_DRIVER_SQL: driverStatements,
      ...(cpuProfileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(cpuProfileDir)}` } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`driver server exited with ${code}`)));
  });
  return {
    url: `https://localhost:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

await main();
