// `npm run bench:load`: 50 signed-in clients for 60 s, each on its own keep-alive connection, mixing the
// console's reads with writes (new subscribers, lists, unsubscribers, publications). Prints errors,
// p50/p99 and requests/s, then checks that every write answered 2xx is there afterwards (nothing lost).
// Starts the real server as its own process: PGlite, or a fresh PostgreSQL database next to
// DATABASE_URL (or TEST_DATABASE_URL) when set. Options: BENCH_CLIENTS (default 50), BENCH_DURATION
// (s, default 60), BENCH_WRITE_SHARE (0..1, default 0.3). Short mode (shortMode.ts): 5 clients for 2 s.
import { Agent, request } from 'node:https';
import { loadavg } from 'node:os';
import { demoUsers, environmentIds, publicationIds, receiverIds } from '../server/src/seed/ids';
import { httpsRequest } from '../tests/server/support/https';
import { signInWithCode, type Tokens } from '../tests/server/support/signIn';
import { createTestDatabase } from '../tests/server/support/testDatabase';
import { startServerProcess, type BenchServer } from './benchServer';
import { benchSetting } from './shortMode';
import { reportRows } from './table';

const clients = benchSetting('BENCH_CLIENTS', 50, 5);
const durationSeconds = benchSetting('BENCH_DURATION', 60, 2);
const writeShare = Number(process.env.BENCH_WRITE_SHARE ?? 0.3);
const env = environmentIds.zuiderveen;
/** Marks this run's records, so the count check finds exactly them. */
const run = `load${Date.now().toString(36)}`;

type Kind = 'subscriber' | 'list' | 'unsubscriber' | 'publication';

interface Call {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  /** Set for writes: what the count check looks for afterwards. */
  kind?: Kind;
}

interface Sample {
  name: string;
  write: boolean;
  status: number;
  milliseconds: number;
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  const database = adminUrl ? await createTestDatabase(adminUrl) : undefined;
  const server = await startServerProcess(database);
  try {
    const tokens = await signIn(server);
    const benchList = await createBenchList(server, tokens[0]);
    console.log(
      `\nDriver: ${database ? 'PostgreSQL' : 'PGlite'}; ${clients} clients, ${durationSeconds} s, ` +
        `${Math.round(writeShare * 100)} % writes; load average before: ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}\n`,
    );
    const acknowledged: Record<Kind, number> = { subscriber: 0, list: 0, unsubscriber: 0, publication: 0 };
    const samples: Sample[] = [];
    const started = performance.now();
    const deadline = started + durationSeconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, (_, index) =>
        runClient(server, tokens[index % tokens.length], index, benchList, deadline, samples, acknowledged),
      ),
    );
    const elapsedSeconds = (performance.now() - started) / 1000;
    console.log(
      `load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
    );
    printSummary(samples, elapsedSeconds);
    const lost = await countCheck(server, tokens[0], benchList, acknowledged);
    const errors = samples.filter((sample) => sample.status < 200 || sample.status >= 300).length;
    const times = samples.map((sample) => sample.milliseconds).sort((a, b) => a - b);
    const driver = database ? 'PostgreSQL' : 'PGlite';
    console.log();
    reportRows([
      {
        measure: `load ${driver}, ${clients} clients: requests/s`,
        value: samples.length / elapsedSeconds,
        unit: 'req/s',
      },
      { measure: `load ${driver}, ${clients} clients: p99`, value: percentile(times, 0.99), unit: 'ms' },
      { measure: `load ${driver}, ${clients} clients: errors`, value: errors, unit: '' },
      { measure: `load ${driver}, ${clients} clients: writes lost`, value: lost, unit: '' },
    ]);
    if (errors > 0 || lost > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    await database?.drop();
  }
}

/** Both demo users of Zuiderveen, signed in through the embedded provider; the clients share them. */
async function signIn(server: BenchServer): Promise<Tokens[]> {
  const info = await getJson<{ clientId: string; authority: string; apiScope: string }>(
    server,
    '/api/1/environment/info',
  );
  const target = { url: server.url, ca: server.ca, ...info };
  return [
    await signInWithCode(target, demoUsers.anne.username),
    await signInWithCode(target, demoUsers.bram.username),
  ];
}

async function createBenchList(server: BenchServer, token: Tokens): Promise<string> {
  const agent = new Agent({ ca: server.ca });
  const created = await send(server, agent, token, {
    name: 'setup',
    method: 'POST',
    path: `/list/manual?title=${run}`,
  });
  agent.destroy();
  if (created.status !== 201) throw new Error(`could not create the bench list: ${created.status}`);
  return (JSON.parse(created.text) as { id: string }).id;
}

/** One client: calls one after another on its own connection until the deadline. */
async function runClient(
  server: BenchServer,
  token: Tokens,
  index: number,
  benchList: string,
  deadline: number,
  samples: Sample[],
  acknowledged: Record<Kind, number>,
): Promise<void> {
  const agent = new Agent({ ca: server.ca, keepAlive: true, maxSockets: 1 });
  for (let n = 0; performance.now() < deadline; n += 1) {
    const call = Math.random() < writeShare ? write(benchList, `${index}-${n}`) : read(benchList);
    const began = performance.now();
    const answer = await send(server, agent, token, call);
    samples.push({
      name: call.name,
      write: call.kind !== undefined,
      status: answer.status,
      milliseconds: performance.now() - began,
    });
    if (call.kind && answer.status >= 200 && answer.status < 300) acknowledged[call.kind] += 1;
  }
  agent.destroy();
}

const reads: Array<(benchList: string) => Call> = [
  () => ({ name: 'GET /lists/', method: 'GET', path: '/lists/?limit=50' }),
  () => ({
    name: 'GET subscribers',
    method: 'GET',
    path: `/list/manual/${receiverIds.lists.residents}/subscribers?limit=50`,
  }),
  (benchList) => ({
    name: 'GET subscribers?search',
    method: 'GET',
    path: `/list/manual/${benchList}/subscribers?search=${run}&limit=50`,
  }),
  () => ({ name: 'GET /publications/', method: 'GET', path: '/publications/?limit=50' }),
  () => ({ name: 'GET /audiences/', method: 'GET', path: '/audiences/' }),
  () => ({ name: 'GET /unsubscribers', method: 'GET', path: '/unsubscribers?limit=50' }),
  () => ({ name: 'GET /deliveryjobs', method: 'GET', path: '/deliveryjobs' }),
  () => ({ name: 'GET /themes', method: 'GET', path: '/themes' }),
  () => ({
    name: 'GET recipients/count',
    method: 'GET',
    path: `/audience/${receiverIds.audiences.everyone}/recipients/count`,
  }),
];

function read(benchList: string): Call {
  return reads[Math.floor(Math.random() * reads.length)](benchList);
}

function write(benchList: string, unique: string): Call {
  const name = `${run}-${unique}`;
  const writes: Call[] = [
    {
      name: 'POST subscriber',
      method: 'POST',
      path: `/list/manual/${benchList}/subscriber`,
      body: { name, email: `${name}@voorbeeld.nl` },
      kind: 'subscriber',
    },
    { name: 'POST /list/manual', method: 'POST', path: `/list/manual?title=${name}`, kind: 'list' },
    {
      name: 'POST /unsubscribers',
      method: 'POST',
      path: `/unsubscribers?email=${name}@uitschrijving.nl`,
      kind: 'unsubscriber',
    },
    {
      name: 'POST /publications/',
      method: 'POST',
      path: '/publications/',
      body: { name, publicationTypeId: publicationIds.types.zuiderveenNewsletter },
      kind: 'publication',
    },
  ];
  return writes[Math.floor(Math.random() * writes.length)];
}

/**
 * Reads back what the server acknowledged: the bench list's subscribers and this run's lists,
 * unsubscribers and publications must number exactly the writes answered 2xx. Answers how many are lost.
 */
async function countCheck(
  server: BenchServer,
  token: Tokens,
  benchList: string,
  acknowledged: Record<Kind, number>,
): Promise<number> {
  const agent = new Agent({ ca: server.ca });
  const total = async (path: string) => {
    const answer = await send(server, agent, token, { name: 'check', method: 'GET', path });
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    const header = answer.headers['x-total-count'];
    return header === undefined ? (JSON.parse(answer.text) as { total: number }).total : Number(header);
  };
  const found: Record<Kind, number> = {
    subscriber: await total(`/list/manual/${benchList}/subscribers?limit=1`),
    // The bench list itself carries the run's name too.
    list: (await total(`/lists/?search=${run}&limit=1`)) - 1,
    unsubscriber: await total(`/unsubscribers?search=${run}&limit=1`),
    publication: await total(`/publications/?search=${run}&limit=1`),
  };
  agent.destroy();
  const rows = (Object.keys(acknowledged) as Kind[]).map((kind) => ({
    record: kind,
    'answered 2xx': acknowledged[kind],
    'present afterwards': found[kind],
    lost: acknowledged[kind] - found[kind],
  }));
  console.log('\nCount check (every write answered 2xx is present afterwards):');
  console.table(rows);
  return rows.reduce((sum, row) => sum + Math.abs(row.lost), 0);
}

function printSummary(samples: Sample[], elapsedSeconds: number): void {
  const line = (label: string, subset: Sample[]) => {
    const times = subset.map((sample) => sample.milliseconds).sort((a, b) => a - b);
    return {
      calls: label,
      requests: subset.length,
      'req/s': Math.round(subset.length / elapsedSeconds),
      'p50 ms': percentile(times, 0.5).toFixed(1),
      'p99 ms': percentile(times, 0.99).toFixed(1),
      errors: subset.filter((sample) => sample.status < 200 || sample.status >= 300).length,
    };
  };
  const names = [...new Set(samples.map((sample) => sample.name))].sort();
  console.table([
    line('all', samples),
    line(
      'reads',
      samples.filter((sample) => !sample.write),
    ),
    line(
      'writes',
      samples.filter((sample) => sample.write),
    ),
    ...names.map((name) =>
      line(
        `  ${name}`,
        samples.filter((sample) => sample.name === name),
      ),
    ),
  ]);
  const statuses: Record<number, number> = {};
  for (const sample of samples) statuses[sample.status] = (statuses[sample.status] ?? 0) + 1;
  console.log(`answers by status: ${JSON.stringify(statuses)}`);
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One environment-scoped call as the console sends it; status 0 when no answer came. */
function send(server: BenchServer, agent: Agent, token: Tokens, call: Call): Promise<Answer> {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const headers: Record<string, string> = {
    authorization: `Bearer ${token.accessToken}`,
    'x-environment-id': env,
    accept: 'application/json',
  };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  const url = new URL(`/api/1/${env}${call.path}`, server.url);
  return new Promise((resolve) => {
    const outgoing = request(url, { method: call.method, agent, headers, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          headers: response.headers,
        }),
      );
    });
    outgoing.on('error', (error) => resolve({ status: 0, text: String(error), headers: {} }));
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    if (body !== undefined) outgoing.write(body);
    outgoing.end();
  });
}

async function getJson<T>(server: BenchServer, requestPath: string): Promise<T> {
  const response = await httpsRequest({ method: 'GET', url: `${server.url}${requestPath}`, ca: server.ca });
  if (response.status !== 200) throw new Error(`${requestPath}: ${response.status} ${response.text}`);
  return JSON.parse(response.text) as T;
}

await main();
