// `npm run bench:api`: requests/s and p95 latency of the environment calls the console makes on every
// start (GET /available, GET /themes), against /health on the same server as the ceiling.
// Starts the real server as its own process (temporary data directory; PGlite, or a fresh PostgreSQL
// database next to DATABASE_URL when set), signs in a demo user through the embedded provider and runs
// autocannon from this process. Options: BENCH_DURATION (s, default 10; short mode 2), BENCH_CONNECTIONS
// (default 10).
import autocannon, { type Result } from 'autocannon';
import { demoUsers, environmentIds } from '../server/src/seed/ids';
import { httpsRequest } from '../tests/server/support/https';
import { signInWithCode } from '../tests/server/support/signIn';
import { createTestDatabase } from '../tests/server/support/testDatabase';
import { startServerProcess, type BenchServer } from './benchServer';
import { benchSetting, benchSize } from './shortMode';
import { reportRows } from './table';

const durationSeconds = benchSetting('BENCH_DURATION', 10, 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmUpSeconds = benchSize(2, 1);

interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  failures: number;
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  const database = adminUrl ? await createTestDatabase(adminUrl) : undefined;
  const server = await startServerProcess(database);
  try {
    const targets = await signedInTargets(server);
    console.log(
      `\nDriver: ${database ? 'PostgreSQL' : 'PGlite'}; ${connections} connections, ${durationSeconds} s per call\n`,
    );
    const measurements: Measurement[] = [];
    for (const target of targets) {
      await measure(server.url, target, warmUpSeconds); // JIT, connection pools and caches warm up first
      measurements.push(await measure(server.url, target, durationSeconds));
    }
    printTable(measurements);
    const driver = database ? 'PostgreSQL' : 'PGlite';
    reportRows(
      measurements.flatMap((m) => [
        { measure: `API ${driver}: ${m.name}`, value: m.requestsPerSecond, unit: 'req/s' },
        { measure: `API ${driver}: ${m.name}, p95`, value: m.p95, unit: 'ms' },
      ]),
    );
  } finally {
    await server.stop();
    await database?.drop();
  }
}

/** The three calls, with the headers a signed-in console sends. */
async function signedInTargets(server: BenchServer): Promise<Target[]> {
  const info = await getJson<{ clientId: string; authority: string; apiScope: string }>(
    server,
    '/api/1/environment/info',
  );
  const tokens = await signInWithCode({ url: server.url, ca: server.ca, ...info }, demoUsers.anne.username);
  const authorization = `Bearer ${tokens.accessToken}`;
  const registration = await httpsRequest({
    method: 'POST',
    url: `${server.url}/api/1/users`,
    ca: server.ca,
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ environmentId: environmentIds.zuiderveen, username: demoUsers.anne.username }),
  });
  const userId = JSON.parse(registration.text) as string;
  const env = environmentIds.zuiderveen;
  return [
    { name: 'GET /health (ceiling)', path: '/health' },
    {
      name: 'GET /available',
      path: `/api/1/environments/environment/${env}/available?userId=${userId}`,
      headers: { authorization },
    },
    {
      name: 'GET /themes',
      path: `/api/1/${env}/themes`,
      headers: { authorization, 'x-environment-id': env },
    },
  ];
}

function measure(baseUrl: string, target: Target, seconds: number): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const responseTimes: number[] = [];
    const instance = autocannon(
      { url: `${baseUrl}${target.path}`, headers: target.headers, connections, duration: seconds },
      (error, result: Result) => {
        if (error) return reject(error);
        responseTimes.sort((a, b) => a - b);
        resolve({
          name: target.name,
          requestsPerSecond: result.requests.average,
          p50: percentile(responseTimes, 0.5),
          p95: percentile(responseTimes, 0.95), // autocannon reports p90 and p97.5, not p95
          failures: result.non2xx + result.errors,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => responseTimes.push(responseTime));
  });
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function printTable(measurements: Measurement[]): void {
  const ceiling = measurements[0].requestsPerSecond;
  const rows = measurements.map((m) => ({
    call: m.name,
    'req/s': Math.round(m.requestsPerSecond),
    'p50 ms': m.p50.toFixed(1),
    'p95 ms': m.p95.toFixed(1),
    'vs /health': `${((m.requestsPerSecond / ceiling) * 100).toFixed(0)} %`,
    'non-2xx/errors': m.failures,
  }));
  console.table(rows);
}

async function getJson<T>(server: BenchServer, requestPath: string): Promise<T> {
  const response = await httpsRequest({ method: 'GET', url: `${server.url}${requestPath}`, ca: server.ca });
  if (response.status !== 200) throw new Error(`${requestPath}: ${response.status} ${response.text}`);
  return JSON.parse(response.text) as T;
}

await main();
