// `npm run bench:receivers`: the receivers area with a list of 100,000 subscribers.
// 1. Prepares a data directory: migrations, the demo seed, then one extra list 'Ledenbestand' with
//    100,000 generated subscribers (bulk insert, ANALYZE).
// 2. Starts the real server on it as its own process (with the built console from `dist/`).
// 3. API: p50/p95 of sequential calls (one keep-alive connection, after a warm-up) for the first 250
//    rows of the list, word-prefix searches, the lists overview (subscriber counts) and an audience
//    count over the whole list.
// 4. Browser: in headless Chromium, the time from navigating to /recievers/lists/{id} until its table
//    shows the first 250 rows (p50 of a few loads, signed in beforehand).
// PGlite by default; with DATABASE_URL a fresh PostgreSQL database is created next to it (and dropped).
// Options: BENCH_SUBSCRIBERS (default 100000), BENCH_SAMPLES (default 100), BENCH_PAGE_LOADS (default 5),
// BENCH_SKIP_BROWSER=1. Short mode (shortMode.ts): 1,000 subscribers, 3 samples, 1 page load.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { demoUsers } from '../server/src/seed/ids';
import { launchBrowser, newDesktopContext, screenshot } from '../tests/e2e/support/browser';
import { startServerProcess, type ServerProcess } from '../tests/e2e/support/serverProcess';
import { signIn } from '../tests/e2e/support/signIn';
import { bigListEnvironment, prepareBigList, type Prepared } from './bigList';
import { benchSetting } from './shortMode';
import { reportRows, type BenchRow } from './table';
import { signInWithCode } from '../tests/server/support/signIn';
import { createTestDatabase, type TestDatabase } from '../tests/server/support/testDatabase';

const subscriberTotal = benchSetting('BENCH_SUBSCRIBERS', 100_000, 1000);
const samples = benchSetting('BENCH_SAMPLES', 100, 3);
const pageLoads = benchSetting('BENCH_PAGE_LOADS', 5, 1);
const skipBrowser = process.env.BENCH_SKIP_BROWSER === '1';
const env = bigListEnvironment;

interface Measurement {
  call: string;
  p50: number;
  p95: number;
  detail: string;
}

/** Sequential GETs over one keep-alive TLS connection; answers the sorted latencies and the last body. */
async function timeCalls(server: ServerProcess, ca: string, token: string, apiPath: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, ca });
  const get = () =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        `${server.url}/api/1/${env}${apiPath}`,
        {
          agent,
          headers: { authorization: `Bearer ${token}`, 'x-environment-id': env, accept: 'application/json' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  let last = { status: 0, text: '' };
  for (let i = 0; i < 10; i += 1) last = await get(); // warm-up: JIT, plan and page caches
  if (last.status !== 200) throw new Error(`${apiPath}: ${last.status} ${last.text}`);
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    last = await get();
    times.push(performance.now() - started);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return { times, body: JSON.parse(last.text) as unknown };
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];

async function measureApi(server: ServerProcess, ca: string, prepared: Prepared): Promise<Measurement[]> {
  const info = await fetchInfo(server, ca);
  const tokens = await signInWithCode({ url: server.url, ca, ...info }, demoUsers.anne.username);
  const subscribersPath = `/list/manual/${prepared.listId}/subscribers`;
  const calls: Array<[string, string, (body: unknown) => string]> = [
    ['first 250 rows (sort name)', `${subscribersPath}?limit=250`, pageDetail],
    ['first 250 rows (sort e-mail, desc)', `${subscribersPath}?limit=250&sort=email&order=DESC`, pageDetail],
    ['rows 50,001-50,250 (offset)', `${subscribersPath}?limit=250&offset=50000`, pageDetail],
    ["search 'jansen'", `${subscribersPath}?limit=250&search=jansen`, pageDetail],
    ["search 'sanne de'", `${subscribersPath}?limit=250&search=sanne%20de`, pageDetail],
    ["search 'a' (broad)", `${subscribersPath}?limit=250&search=a`, pageDetail],
    ["search 'qqq' (no match)", `${subscribersPath}?limit=250&search=qqq`, pageDetail],
    ['GET /lists/ (subscriber counts)', '/lists/', (body) => `${(body as unknown[]).length} lists`],
    [
      `audience recipient count (${subscriberTotal.toLocaleString('en')} subscribers, 1 filter)`,
      `/audience/${prepared.audienceId}/recipients/count`,
      (body) => `${(body as { recipientCount: number }).recipientCount} recipients`,
    ],
  ];
  const measurements: Measurement[] = [];
  for (const [call, apiPath, describe] of calls) {
    const { times, body } = await timeCalls(server, ca, tokens.accessToken, apiPath);
    measurements.push({
      call,
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      detail: describe(body),
    });
  }
  return measurements;
}

function pageDetail(body: unknown): string {
  const page = body as { data: unknown[]; total: number };
  return `${page.data.length} rows of ${page.total}`;
}

async function fetchInfo(server: ServerProcess, ca: string) {
  return new Promise<{ clientId: string; authority: string; apiScope: string }>((resolve, reject) => {
    request(`${server.url}/api/1/environment/info`, { ca }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    })
      .on('error', reject)
      .end();
  });
}

/** Time from navigation to the list page until its table shows 250 rows, signed in beforehand. */
async function measurePage(server: ServerProcess, prepared: Prepared): Promise<number[]> {
  const browser = await launchBrowser();
  try {
    const context = await newDesktopContext(browser);
    const page = await context.newPage();
    try {
      await signIn(page, server.url);
    } catch (error) {
      await screenshot(page, 'bench-receivers-sign-in-failed');
      throw error;
    }
    const times: number[] = [];
    for (let i = 0; i < pageLoads + 1; i += 1) {
      const started = performance.now();
      await page.goto(`${server.url}/recievers/lists/${prepared.listId}`);
      await page.getByRole('link', { name: 'Alle lijsten' }).waitFor({ timeout: 30_000 });
      const headerShown = performance.now() - started;
      await page.locator('table tbody tr').nth(249).waitFor({ timeout: 30_000 });
      if (process.env.BENCH_DEBUG)
        console.log(
          `load ${i}: header ${headerShown.toFixed(0)} ms, rows ${(performance.now() - started).toFixed(0)} ms`,
        );
      if (i > 0) times.push(performance.now() - started); // the first load fills the HTTP cache
    }
    return times.sort((a, b) => a - b);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (!skipBrowser && !existsSync('dist/index.html'))
    throw new Error('dist/ is missing: run `npm run build` first');
  const adminUrl = process.env.DATABASE_URL;
  const database: TestDatabase | undefined = adminUrl ? await createTestDatabase(adminUrl) : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-bench-receivers-'));
  let server: ServerProcess | undefined;
  try {
    const prepared = await prepareBigList(dataDir, database?.url, subscriberTotal);
    server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      LOG_LEVEL: 'warn',
    });
    const ca = await readFile(path.join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
    console.log(
      `\nDriver: ${database ? 'PostgreSQL' : 'PGlite'}; ${subscriberTotal} subscribers; ${samples} sequential calls each\n`,
    );
    const measurements = await measureApi(server, ca, prepared);
    const driver = database ? 'PostgreSQL' : 'PGlite';
    const rows: BenchRow[] = measurements.map((m) => ({
      measure: `receivers ${driver}: ${m.call}, p50`,
      value: m.p50,
      unit: 'ms',
    }));
    console.table(
      measurements.map((m) => ({
        call: m.call,
        'p50 ms': m.p50.toFixed(1),
        'p95 ms': m.p95.toFixed(1),
        answer: m.detail,
      })),
    );
    if (!skipBrowser) {
      const times = await measurePage(server, prepared);
      rows.push({
        measure: `receivers ${driver}: list page until 250 rows show, p50`,
        value: percentile(times, 0.5),
        unit: 'ms',
      });
      console.log(
        `List page until 250 rows show (Chromium, ${times.length} loads): p50 ${percentile(times, 0.5).toFixed(0)} ms, ` +
          `max ${times[times.length - 1].toFixed(0)} ms`,
      );
    }
    reportRows(rows);
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

await main();
