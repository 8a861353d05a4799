// `npm run bench:rsvp` (issue 24): the RSVP answer page under load and the console's reads of a large
// invitation, through the server in its own process (bench/benchServer.ts), on PostgreSQL when
// DATABASE_URL is set (a fresh database next to it), else on PGlite.
// 1. 200 concurrent clients (each its own address, X-Forwarded-For with TRUST_PROXY on, keep-alive) POST
//    'Ja' for 1,500 invitees of an event of 1,000 places: answers/s, p50/p99, and the persons accepted
//    (must be exactly 1,000; the other 500 on the waiting list).
//    Closed loop, every client sends its next answer the moment the last one is answered: the most the
//    server answers (its throughput), while 200 answers are always waiting (so by Little's law the
//    mean time is 200 / throughput, never 200 ms at less than 1,000 answers/s).
// 1b. The same 200 clients offering a steady RSVP_BENCH_RATE answers/s (default 300, the goal) for
//    RSVP_BENCH_SECONDS (default 10) to another event of 1,000 places: p50/p99 from each answer's planned
//    moment (a client still busy sends late and the wait counts), and the persons accepted. Each client
//    opens a fresh TLS connection at its first answer; with RSVP_BENCH_WARM=on it first opens its first
//    invitee's page (GET, untimed, as a browser shows the page before its answer is posted), so the timed
//    answers start on open connections.
// 2. An invitation of 10,000 answered invitees: the counts and the first 250 rows (ms), the CSV (ms, bytes,
//    and the server's peak RSS before and after).
// RSVP_BENCH_PROFILE=<file> takes a CPU profile of the server during the answers only, through its
// inspector (inspector.ts); `tsx bench/cpuProfileTop.ts <file>` summarises it.
// Short mode (shortMode.ts): 10 clients, 30 answers to 20 places, 20/s for 1 s, 300 invitees.
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../server/src/config';
import type { RsvpSummary } from '../server/src/contract/rsvp';
import { openDatabase } from '../server/src/db/client';
import { publications, rsvpEvents, rsvpInvitees } from '../server/src/db/schema';
import { rsvpPath } from '../server/src/rsvp/rsvpAddress';
import { rsvpKey, signRsvpToken } from '../server/src/rsvp/rsvpToken';
import { seedIfEmpty } from '../server/src/seed';
import { demoUsers, environmentIds, publicationIds } from '../server/src/seed/ids';
import { httpsRequest } from '../tests/server/support/https';
import { authHeaders } from '../tests/server/support/mediaRequests';
import { signInWithCode } from '../tests/server/support/signIn';
import { createTestDatabase } from '../tests/server/support/testDatabase';
import { startServerProcess, type BenchServer } from './benchServer';
import { connectInspector } from './inspector';
import { backendsCpuMeter, machineBusyMs, processCpuMs } from './processCpu';
import { benchSetting, benchSize } from './shortMode';
import { reportRows, type BenchRow } from './table';

const env = environmentIds.zuiderveen;
const clients = benchSize(200, 10);
const places = benchSize(1_000, 20);
const answering = benchSize(1_500, 30);
const large = benchSize(10_000, 300);
const day = 24 * 60 * 60 * 1000;
const profileFile = process.env.RSVP_BENCH_PROFILE;
const pacedRate = benchSetting('RSVP_BENCH_RATE', 300, 20);
const pacedAnswers = pacedRate * benchSetting('RSVP_BENCH_SECONDS', 10, 1);
const warm = process.env.RSVP_BENCH_WARM === 'on';

interface Prepared {
  loadPublication: string;
  largePublication: string;
  paths: string[];
  pacedPublication: string;
  pacedPaths: string[];
}

async function newInvitation(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  name: string,
  count: number,
  answer: string | null,
) {
  const [publication] = await db
    .insert(publications)
    .values({ environmentId: env, publicationTypeId: publicationIds.types.zuiderveenInvitation, name })
    .returning({ id: publications.id });
  const startsAt = new Date(Date.now() + 30 * day);
  await db.insert(rsvpEvents).values({
    publicationId: publication.id,
    environmentId: env,
    enabled: true,
    title: name,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000),
    places: answer ? 0 : places,
    acceptedPersons: answer === 'Ja' ? count : 0,
  });
  const ids: number[] = [];
  for (let start = 0; start < count; start += 1000) {
    const rows = await db
      .insert(rsvpInvitees)
      .values(
        Array.from({ length: Math.min(1000, count - start) }, (_, offset) => ({
          environmentId: env,
          publicationId: publication.id,
          email: `genodigde${start + offset}@${name.replace(/\W/g, '').toLowerCase()}.nl`,
          name: `Genodigde ${start + offset}`,
          answer,
          answeredAt: answer ? new Date() : null,
          source: answer ? 'e-mail' : null,
        })),
      )
      .returning({ id: rsvpInvitees.id });
    ids.push(...rows.map((row) => row.id));
  }
  return { publicationId: publication.id, ids };
}

async function prepare(dataDir: string, databaseUrl: string | undefined): Promise<Prepared> {
  const opened = await openDatabase({ dataDir, databaseUrl });
  try {
    await seedIfEmpty(opened.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const key = await rsvpKey(opened.db);
    const load = await newInvitation(opened.db, 'Drukbezocht', answering, null);
    const paced = await newInvitation(opened.db, 'Gelijkmatig', pacedAnswers, null);
    const big = await newInvitation(opened.db, 'Groot', large, 'Ja');
    await opened.db.execute(sql`ANALYZE rsvp_invitees`);
    const pathsOf = (publicationId: string, inviteeIds: number[]) => {
      const ids = { environmentId: env, publicationId };
      return inviteeIds.map((inviteeId) => rsvpPath(ids, signRsvpToken(key, { ...ids, inviteeId })));
    };
    return {
      loadPublication: load.publicationId,
      largePublication: big.publicationId,
      paths: pathsOf(load.publicationId, load.ids),
      pacedPublication: paced.publicationId,
      pacedPaths: pathsOf(paced.publicationId, paced.ids),
    };
  } finally {
    await opened.close();
  }
}

function post(
  agent: Agent,
  server: BenchServer,
  path: string,
  address: string,
  method: 'POST' | 'GET' = 'POST',
): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = method === 'POST' ? 'antwoord=Ja' : '';
    const req = request(
      `${server.url}${path}`,
      {
        method,
        agent,
        ca: server.ca,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(body.length),
          'x-forwarded-for': address,
          accept: 'text/html',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function peakRss(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

interface CpuSpent {
  server: number;
  clients: number;
  postgres: number;
  machine: number;
}

/**
 * Starts counting the CPU time each part uses; the function answers what each used since (ms).
 */
function cpuMeter(server: BenchServer, database: string | undefined): (last?: 'last') => CpuSpent {
  const before = {
    server: processCpuMs(server.pid),
    clients: process.cpuUsage(),
    machine: machineBusyMs(),
  };
  const postgres = backendsCpuMeter(database);
  return (last) => {
    const clientUsage = process.cpuUsage(before.clients);
    return {
      server: processCpuMs(server.pid) - before.server,
      clients: (clientUsage.user + clientUsage.system) / 1000,
      machine: machineBusyMs() - before.machine,
      postgres: postgres(last),
    };
  };
}

/** The CPU time per answer of each part, and how many of the machine's cores were busy meanwhile. */
function cpuLine(cpu: CpuSpent, answers: number, seconds: number, database: string | undefined): string {
  const perAnswer = (ms: number) => (ms / answers).toFixed(1);
  return (
    `server ${perAnswer(cpu.server)} ms, bench clients ${perAnswer(cpu.clients)} ms, ` +
    (database ? `PostgreSQL's backends of this database ${perAnswer(cpu.postgres)} ms, ` : '') +
    `rest of the machine (other work) ${perAnswer(cpu.machine - cpu.server - cpu.clients - cpu.postgres)} ms ` +
    `(${(cpu.machine / 1000 / seconds).toFixed(2)} of ${availableParallelism()} cores busy)`
  );
}

/**
 * Waits until the confirmation mails of a publication's answers are sent (PostgreSQL only: the bench
 * reads the outbox beside the server; on PGlite the server holds the database alone): answers the mails
 * queued, how many were still unsent at the end (0 unless 120 s passed) and how many were closed unsent
 * (skipped or refused).
 */
async function mailsSent(databaseUrl: string | undefined, publicationId: string) {
  if (!databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = performance.now() + 120_000;
    for (;;) {
      const { rows } = await client.query<{ queued: number; unsent: number; closedUnsent: number }>(
        `SELECT count(*)::int AS queued, (count(*) FILTER (WHERE sent_at IS NULL))::int AS unsent,
           (count(*) FILTER (WHERE sent_at IS NOT NULL AND last_error IS NOT NULL))::int AS "closedUnsent"
         FROM rsvp_mail_outbox WHERE publication_id = $1`,
        [publicationId],
      );
      if (rows[0].unsent === 0 || performance.now() > deadline) return rows[0];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

async function measure(
  label: string,
  server: BenchServer,
  prepared: Prepared,
  databaseUrl: string | undefined,
): Promise<{ lines: string[]; figures: BenchRow[] }> {
  const database = databaseUrl && new URL(databaseUrl).pathname.slice(1);
  // 1. The answer page under 200 concurrent clients, with the CPU time each part used meanwhile: the
  //    server process, this process (the clients) and the rest of the machine (PostgreSQL, other work).
  const queue = [...prepared.paths];
  const profiler = profileFile ? await connectInspector(server.inspectPort!) : undefined;
  await profiler?.startProfiling();
  const closedCpu = cpuMeter(server, database);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const address = `10.${Math.floor(client / 250)}.${client % 250}.7`;
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const begin = performance.now();
        const status = await post(agent, server, path, address);
        latencies.push(performance.now() - begin);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      agent.destroy();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const cpu = closedCpu();
  // The answers' confirmation mails, sent during the answers or after: their CPU counts too.
  const closedMails = await mailsSent(databaseUrl, prepared.loadPublication);
  const cpuWithMails = closedCpu('last');
  const closedMailSeconds = (performance.now() - started) / 1000;
  if (profiler) {
    writeFileSync(profileFile!, JSON.stringify(await profiler.stopProfiling()));
    profiler.close();
  }

  const info = JSON.parse(
    (await httpsRequest({ method: 'GET', url: `${server.url}/api/1/environment/info`, ca: server.ca })).text,
  ) as { clientId: string; authority: string; apiScope: string };
  const { accessToken } = await signInWithCode(
    { url: server.url, ca: server.ca, ...info },
    demoUsers.anne.username,
  );
  const get = async (path: string) => {
    const begin = performance.now();
    const response = await httpsRequest({
      method: 'GET',
      url: `${server.url}/api/1/${env}${path}`,
      headers: { ...authHeaders(accessToken, env), accept: 'application/json' },
      ca: server.ca,
    });
    return { ms: performance.now() - begin, response };
  };
  const loaded = JSON.parse(
    (await get(`/publications/${prepared.loadPublication}/rsvp/summary`)).response.text,
  ) as RsvpSummary;

  // 1b. A steady offered rate: answer n is planned at n / rate seconds, by client n mod 200.
  const pacedLatencies: number[] = [];
  const pacedStatuses = new Map<number, number>();
  const pacedAgents = Array.from({ length: clients }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  const pacedAddress = (client: number) => `10.${Math.floor(client / 250)}.${client % 250}.9`;
  if (warm) {
    await Promise.all(
      pacedAgents.map((agent, client) =>
        post(agent, server, prepared.pacedPaths[client], pacedAddress(client), 'GET'),
      ),
    );
  }
  const pacedStart = performance.now() + 100;
  const pacedCpu = cpuMeter(server, database);
  await Promise.all(
    pacedAgents.map(async (agent, client) => {
      for (let n = client; n < prepared.pacedPaths.length; n += clients) {
        const planned = pacedStart + (n * 1000) / pacedRate;
        const wait = planned - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const status = await post(agent, server, prepared.pacedPaths[n], pacedAddress(client));
        pacedLatencies.push(performance.now() - planned);
        pacedStatuses.set(status, (pacedStatuses.get(status) ?? 0) + 1);
      }
      agent.destroy();
    }),
  );
  const pacedSeconds = (performance.now() - pacedStart) / 1000;
  const pacedCpuSpent = pacedCpu();
  const pacedMails = await mailsSent(databaseUrl, prepared.pacedPublication);
  const pacedCpuWithMails = pacedCpu('last');
  const pacedMailSeconds = (performance.now() - pacedStart) / 1000;
  pacedLatencies.sort((a, b) => a - b);
  const pacedSummary = JSON.parse(
    (await get(`/publications/${prepared.pacedPublication}/rsvp/summary`)).response.text,
  ) as RsvpSummary;

  // 2. The console's reads of 10,000 invitees.
  await get(`/publications/${prepared.largePublication}/rsvp/summary`); // warm-up
  const counts = await get(`/publications/${prepared.largePublication}/rsvp/summary`);
  const rows = await get(`/publications/${prepared.largePublication}/rsvp/invitees?limit=250`);
  const rssBefore = peakRss(server.pid);
  const csv = await get(`/publications/${prepared.largePublication}/rsvp/invitees/csv`);
  const rssAfter = peakRss(server.pid);
  const csvLines = csv.response.text.trim().split('\r\n').length - 1;

  const lines = [
    `${label}: ${answering} answers 'Ja' from ${clients} concurrent clients to ${places} places: ` +
      `${Math.round(answering / seconds)} answers/s, p50 ${latencies[Math.floor(latencies.length / 2)].toFixed(0)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(0)} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
      `accepted persons ${loaded.yes} (waiting ${loaded.waiting})`,
    `${label}: ${pacedAnswers} answers 'Ja' offered at ${pacedRate}/s by ${clients} clients ` +
      `(${warm ? 'connections opened by an untimed GET of the page first' : 'fresh connections'}) to ${places} places: ` +
      `served ${Math.round(pacedAnswers / pacedSeconds)} answers/s, p50 ${pacedLatencies[Math.floor(pacedLatencies.length / 2)].toFixed(0)} ms, ` +
      `p99 ${percentile(pacedLatencies, 99).toFixed(0)} ms from the planned moment; ` +
      `statuses ${JSON.stringify(Object.fromEntries(pacedStatuses))}; accepted persons ${pacedSummary.yes} (waiting ${pacedSummary.waiting})`,
    `${label}: closed loop, CPU per answer during the answers: ${cpuLine(cpu, answering, seconds, database)}`,
    ...(closedMails
      ? [
          `${label}: closed loop, CPU per answer until its mail was sent (${closedMails.queued - closedMails.unsent - closedMails.closedUnsent} ` +
            `of ${closedMails.queued} sent, ${closedMails.closedUnsent} closed unsent, ${closedMailSeconds.toFixed(1)} s after the first answer): ` +
            cpuLine(cpuWithMails, answering, closedMailSeconds, database),
        ]
      : []),
    `${label}: steady ${pacedRate}/s, CPU per answer during the answers: ${cpuLine(pacedCpuSpent, pacedAnswers, pacedSeconds, database)}`,
    ...(pacedMails
      ? [
          `${label}: steady ${pacedRate}/s, CPU per answer until its mail was sent (${pacedMails.queued - pacedMails.unsent - pacedMails.closedUnsent} ` +
            `of ${pacedMails.queued} sent, ${pacedMails.closedUnsent} closed unsent, ${pacedMailSeconds.toFixed(1)} s after the first answer): ` +
            cpuLine(pacedCpuWithMails, pacedAnswers, pacedMailSeconds, database),
        ]
      : []),
    `${label}: ${large} invitees: counts ${counts.ms.toFixed(0)} ms, first 250 rows ${rows.ms.toFixed(0)} ms, ` +
      `CSV ${csv.ms.toFixed(0)} ms (${csvLines} rows, ${Math.round(csv.response.text.length / 1024)} KB), ` +
      `server peak RSS ${rssBefore} MB before the CSV, ${rssAfter} MB after`,
  ];
  const figures: BenchRow[] = [
    {
      measure: `rsvp ${label}: closed loop, ${clients} clients`,
      value: answering / seconds,
      unit: 'answers/s',
    },
    { measure: `rsvp ${label}: closed loop, p99`, value: percentile(latencies, 99), unit: 'ms' },
    {
      measure: `rsvp ${label}: closed loop, accepted of ${places} places`,
      value: loaded.yes,
      unit: 'persons',
    },
    {
      measure: `rsvp ${label}: steady ${pacedRate}/s, served`,
      value: pacedAnswers / pacedSeconds,
      unit: 'answers/s',
    },
    {
      measure: `rsvp ${label}: steady ${pacedRate}/s, p99`,
      value: percentile(pacedLatencies, 99),
      unit: 'ms',
    },
    { measure: `rsvp ${label}: ${large} invitees, CSV`, value: csv.ms, unit: 'ms' },
  ];
  return { lines, figures };
}

async function main() {
  const lines: string[] = [
    `load before: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  ];
  const adminUrl = process.env.DATABASE_URL;
  const database = adminUrl ? await createTestDatabase(adminUrl) : undefined;
  let prepared: Prepared | undefined;
  const server = await startServerProcess(database, {
    env: { TRUST_PROXY: 'on' },
    inspect: Boolean(profileFile),
    prepare: async (dataDir) => {
      prepared = await prepare(dataDir, database?.url);
    },
  });
  let figures: BenchRow[];
  try {
    const measured = await measure(database ? 'PostgreSQL' : 'PGlite', server, prepared!, database?.url);
    lines.push(...measured.lines);
    figures = measured.figures;
  } finally {
    await server.stop();
    await database?.drop();
  }
  lines.push(
    `load after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(`${lines.join('\n')}\n`);
  reportRows(figures);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
