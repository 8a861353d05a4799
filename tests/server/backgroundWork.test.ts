import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JourneyGraph } from '../../server/src/contract/journeys';
import type { DeliveryJob } from '../../server/src/contract/publications';
import type { ReceiverList } from '../../server/src/contract/receivers';
import { demoUsers, environmentIds, publicationIds } from '../../server/src/seed/ids';
import { freePort } from './support/freePort';
import { httpsRequest } from './support/https';
import { prepareSeededDatabase } from './support/seededTemplate';
import {
  exitWithin,
  spawnServer,
  spawnWorker,
  waitForHealth,
  waitForOutput,
  type ServerProcess,
} from './support/serverProcess';
import { signInWithCode, type Tokens } from './support/signIn';
import { startSmtpSink, type SmtpSink, type SunkMessage } from './support/smtpSink';
import { endPool, type TestDatabase } from './support/testDatabase';

// The topology of docs/deployment.md, "Delivery": a server with DELIVERY_WORKER=off and `npm run worker`
// processes on one PostgreSQL database (the embedded PGlite allows one process, so this file runs in the
// PostgreSQL run only: vite.config.ts). Every background duty (background/duties.ts) does its work
// somewhere, and a second worker joining sends nothing twice.

const env = environmentIds.zuiderveen;
const invitationId = publicationIds.publications.newYearReception;
const day = 24 * 60 * 60 * 1000;
const workerDuties =
  'delivery, rsvp-outbox, sign-up-outbox, sign-up-upkeep, analytics-rollup, ab-test-decisions, rsvp-upkeep, privacy-retention, log-retention, bounce-listener, journeys';

/** The decoded text/plain part of a sunk message. */
function plainText(message: SunkMessage): string {
  const part =
    /Content-Type: text\/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(
      message.source,
    );
  return part ? Buffer.from(part[1].replace(/\r\n/g, ''), 'base64').toString('utf8') : '';
}

describe('a server with DELIVERY_WORKER=off and npm run worker processes (PostgreSQL)', () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let pool: pg.Pool;
  let server: ServerProcess;
  let origin: string;
  let ca: string;
  let anne: Tokens;
  const directories: string[] = [];
  const workers: ServerProcess[] = [];
  let workerEnv: Record<string, string>;

  const startWorker = async (): Promise<ServerProcess> => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-worker-'));
    directories.push(dataDir);
    const worker = spawnWorker({ ...workerEnv, DATA_DIR: dataDir });
    workers.push(worker);
    await waitForOutput(worker, `Background duties in this process: ${workerDuties}.`, 60_000);
    return worker;
  };
  const api = async <T>(method: string, apiPath: string, body?: unknown, query = '') => {
    const response = await httpsRequest({
      method,
      url: `${origin}/api/1/${env}${apiPath}${query}`,
      ca,
      headers: {
        authorization: `Bearer ${anne.accessToken}`,
        'x-environment-id': env,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${apiPath}: ${response.status} ${response.text}`);
    return JSON.parse(response.text) as T;
  };
  const query = async <T>(text: string, values: unknown[] = []) =>
    (await pool.query(text, values)).rows as T[];
  /** An audience of one new list holding `addresses`, written straight into the database. */
  const audienceOf = async (name: string, addresses: string[]) => {
    const [list] = await query<{ id: string }>(
      'INSERT INTO lists (environment_id, title) VALUES ($1, $2) RETURNING id',
      [env, name],
    );
    await pool.query(
      'INSERT INTO subscribers (list_id, email, name) SELECT $1, email, email FROM unnest($2::text[]) AS email',
      [list!.id, addresses],
    );
    const [audience] = await query<{ id: string }>(
      'INSERT INTO audiences (environment_id, name) VALUES ($1, $2) RETURNING id',
      [env, name],
    );
    await pool.query('INSERT INTO audience_lists (audience_id, list_id) VALUES ($1, $2)', [
      audience!.id,
      list!.id,
    ]);
    return audience!.id;
  };
  const sent = async (job: DeliveryJob) => {
    await expect
      .poll(async () => (await api<DeliveryJob>('GET', `/deliveryjobs/${job.id}`)).status, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe('Verzonden');
  };
  const newsletterTo = async (name: string, addresses: string[]) =>
    api<DeliveryJob>('POST', '/deliveryjobs', {
      publicationId: publicationIds.publications.januaryNewsletter,
      publicationTemplateId: publicationIds.templates.zuiderveenStandard,
      title: name,
      audienceId: await audienceOf(name, addresses),
    });
  const received = (address: string, subject?: RegExp) =>
    sink.accepted.filter(
      (message) =>
        message.to === address && (subject === undefined || subject.test(message.headers.subject ?? '')),
    );
  /** Answers the invitation as `address` through its personal link, as the invitee's browser does. */
  const answer = async (address: string, antwoord: 'Ja' | 'Nee') => {
    const invitation = received(address).find((message) => /\/r\//.test(plainText(message)));
    const link = /Ja: https:\/\/[^/\s]+(\/r\/[^?\s]+)\?antwoord=ja/.exec(
      invitation ? plainText(invitation) : '',
    );
    expect(link, `no RSVP link for ${address}`).not.toBeNull();
    const response = await httpsRequest({
      method: 'POST',
      url: `${origin}${link![1]}`,
      ca,
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ antwoord }).toString(),
    });
    expect(response.status, response.text).toBe(200);
  };
  const addToList = (listId: string, email: string) =>
    api('POST', `/list/manual/${listId}/subscriber`, { name: email, email });

  beforeAll(async () => {
    const serverDir = await mkdtemp(path.join(tmpdir(), 'dpp-topology-'));
    directories.push(serverDir);
    database = (await prepareSeededDatabase(serverDir))!;
    sink = await startSmtpSink();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const port = await freePort();
    origin = `https://localhost:${port}`;
    const shared = {
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      PUBLIC_URL: origin,
      DELIVERY_SWEEP_SECONDS: '1',
      DELIVERY_RATE_LIMIT: '100000',
    };
    workerEnv = shared;
    server = spawnServer({
      ...shared,
      DATA_DIR: serverDir,
      PORT: String(port),
      HOST: 'localhost',
      STATIC_DIR: path.join(serverDir, 'no-console-build'),
      DELIVERY_WORKER: 'off',
    });
    await waitForHealth(server, origin, serverDir);
    ca = await readFile(path.join(serverDir, 'tls', 'localhost-cert.pem'), 'utf8');
    const info = await httpsRequest({ method: 'GET', url: `${origin}/api/1/environment/info`, ca });
    anne = await signInWithCode({ url: origin, ca, ...JSON.parse(info.text) }, demoUsers.anne.username);
  }, 180_000);

  afterAll(async () => {
    for (const process of [...workers, server]) {
      if (process && process.child.exitCode === null && process.child.signalCode === null) {
        process.child.kill('SIGTERM');
        await exitWithin(process, 30_000);
      }
    }
    await sink?.close();
    if (pool) await endPool(pool);
    await database?.drop();
    for (const directory of directories) await rm(directory, { recursive: true, force: true });
  });

  it('the server sends nothing itself: a job waits for a worker, which then sends it once', async () => {
    expect(server.output()).toContain(
      'Background duties in this process: sign-up-upkeep, analytics-rollup, ab-test-decisions, rsvp-upkeep, privacy-retention, log-retention, bounce-listener, journeys.',
    );
    const addresses = Array.from({ length: 10 }, (_, index) => `taak${index}@proef.nl`);
    const job = await newsletterTo('Eerste taak', addresses);
    // Queued on PostgreSQL by the server, not sent by it.
    await expect
      .poll(async () => (await query('SELECT 1 FROM pgboss.job WHERE name = $1', ['delivery-jobs'])).length)
      .toBeGreaterThan(0);
    expect(sink.accepted).toEqual([]);

    await startWorker();
    await sent(job);
    expect(sink.accepted.map((message) => message.to).sort()).toEqual([...addresses].sort());
  }, 120_000);

  it("a journey's send step, an RSVP confirmation, a reminder and a rollup all happen once with two workers", async () => {
    // A journey started by being added to a list, published, with one send step.
    const list = await api<ReceiverList>('POST', '/list/manual', undefined, '?title=Welkomstlijst');
    const graph: JourneyGraph = {
      triggers: [{ kind: 'addedToList', listId: list.id, includeImports: false }],
      start: 'send',
      steps: [
        {
          id: 'send',
          kind: 'send',
          publicationId: publicationIds.publications.januaryNewsletter,
          templateId: publicationIds.templates.zuiderveenStandard,
          next: 'end',
        },
        { id: 'end', kind: 'end' },
      ],
      settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: false },
    };
    const journey = await api<{ id: string }>('POST', '/journeys', { name: 'Welkom via de worker' });
    await api('PUT', `/journeys/${journey.id}`, { graph });
    await api('POST', `/journeys/${journey.id}/publish`, {});
    await addToList(list.id, 'nieuwkomer1@proef.nl');
    await expect.poll(() => received('nieuwkomer1@proef.nl').length, { timeout: 60_000 }).toBe(1);

    // An invitation whose reminder to those without an answer is due at once (5 days before an event in 2).
    const startsAt = new Date(Date.now() + 2 * day);
    await api('PUT', `/publications/${invitationId}/rsvp`, {
      enabled: true,
      title: 'Nieuwjaarsreceptie',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000).toISOString(),
      location: 'Raadhuis Zuiderveen',
      onlineUrl: null,
      places: 10,
      maxGuests: 0,
      deadline: null,
      allowMaybe: true,
      waitingList: true,
      cancelled: false,
      reminderDays: 5,
    });
    const guests = ['gast1@proef.nl', 'gast2@proef.nl', 'gast3@proef.nl'];
    const invitation = await api<DeliveryJob>('POST', '/deliveryjobs', {
      publicationId: invitationId,
      publicationTemplateId: publicationIds.templates.zuiderveenInvitation,
      title: 'Uitnodiging nieuwjaarsreceptie',
      audienceId: await audienceOf('Gasten', guests),
    });
    await sent(invitation);
    await answer('gast1@proef.nl', 'Ja');
    await expect
      .poll(() => received('gast1@proef.nl', /^Je antwoord is ontvangen/).length, { timeout: 30_000 })
      .toBe(1);

    // An open of the first job, settled: the next rollup counts it.
    const [firstJob] = await query<{ id: string }>(
      "SELECT id FROM delivery_jobs WHERE title = 'Eerste taak'",
    );
    const [event] = await query<{ id: string }>(
      `INSERT INTO analytics_events
         (environment_id, job_id, kind, position, message_key, machine, first, first_of_kind, occurred_at)
       VALUES ($1, $2, 'open', -1, 'topologie', false, true, true, now() - interval '10 minutes') RETURNING id`,
      [env, firstJob!.id],
    );

    // A second worker joins: it offers the minute jobs at its start, and shares all further work.
    await startWorker();
    await expect
      .poll(
        async () =>
          Number(
            (await query<{ n: string }>('SELECT last_event_id AS n FROM analytics_rollup_mark'))[0]?.n ?? 0,
          ),
        { timeout: 90_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(Number(event!.id));
    for (const guest of ['gast2@proef.nl', 'gast3@proef.nl']) {
      await expect.poll(() => received(guest, /^Herinnering/).length, { timeout: 90_000 }).toBe(1);
    }
    const second = await newsletterTo('Tweede taak', [
      'tweede1@proef.nl',
      'tweede2@proef.nl',
      'tweede3@proef.nl',
    ]);
    await addToList(list.id, 'nieuwkomer2@proef.nl');
    await answer('gast2@proef.nl', 'Nee');
    await sent(second);
    await expect.poll(() => received('nieuwkomer2@proef.nl').length, { timeout: 60_000 }).toBe(1);
    await expect
      .poll(() => received('gast2@proef.nl', /^Je antwoord is ontvangen/).length, { timeout: 30_000 })
      .toBe(1);
    await expect
      .poll(async () => (await query('SELECT 1 FROM rsvp_mail_outbox WHERE sent_at IS NULL')).length)
      .toBe(0);

    // Nothing twice: each message its own Message-ID, each recipient each subject once.
    const ids = sink.accepted.map((message) => message.headers['message-id']);
    expect(new Set(ids).size).toBe(ids.length);
    const pairs = sink.accepted.map((message) => `${message.to} ${message.headers.subject}`);
    expect(pairs.filter((pair, index) => pairs.indexOf(pair) !== index)).toEqual([]);
    expect(received('tweede1@proef.nl')).toHaveLength(1);
  }, 300_000);

  it('the workers stop cleanly on SIGTERM', async () => {
    for (const worker of workers) {
      worker.child.kill('SIGTERM');
      expect((await exitWithin(worker, 30_000)).code).toBe(0);
    }
  }, 70_000);
});
