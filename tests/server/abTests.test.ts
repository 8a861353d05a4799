import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAbTest } from '../../server/src/abTests/abTestReport';
import { decideDueTests, decideTestNow } from '../../server/src/abTests/decision';
import { writeBatch } from '../../server/src/analytics/eventWriter';
import { loadConfig } from '../../server/src/config';
import type { AbTest, AbTestSetup } from '../../server/src/contract/abTests';
import type { DeliveryJob } from '../../server/src/contract/publications';
import { openDatabase, type Database, type OpenDatabase } from '../../server/src/db/client';
import {
  audienceLists,
  audiences,
  deliveryJobs,
  deliveryRecipients,
  lists,
  subscribers,
  unsubscribers,
} from '../../server/src/db/schema';
import type { Clock } from '../../server/src/delivery/clock';
import { runDeliveryJob, type DeliveryContext } from '../../server/src/delivery/deliveryRunner';
import { createRateLimiter } from '../../server/src/delivery/rateLimiter';
import type { OutgoingMessage } from '../../server/src/mail/mailer';
import { cancelJob } from '../../server/src/delivery/jobStates';
import { createDeliveryJob, getDeliveryJob } from '../../server/src/publications/deliveryJobs';
import { jobRecipientPage } from '../../server/src/delivery/jobRecipients';
import { seedIfEmpty } from '../../server/src/seed';
import { demoUsers, environmentIds, publicationIds } from '../../server/src/seed/ids';
import { freePort } from './support/freePort';
import { httpsRequest } from './support/https';
import { authHeaders } from './support/mediaRequests';
import { prepareSeededDatabase } from './support/seededTemplate';
import { recordingMailer } from './support/recordingMailer';
import { exitWithin, spawnServer, waitForHealth, type ServerProcess } from './support/serverProcess';
import { signInWithCode } from './support/signIn';
import { testActor } from './support/logActor';
import { startSmtpSink } from './support/smtpSink';
import type { TestDatabase } from './support/testDatabase';

// A/B tests (abTests/): the variant jobs and the remainder against the database directly, with the
// delivery runner and the decision called as the queue and the duty would call them, on a clock moved by
// hand; then a real server killed during the test and during the remainder.

const env = environmentIds.zuiderveen;
const key = Buffer.alloc(32, 9);
const hourMs = 60 * 60 * 1000;
const subjects = ['Onderwerp A: de nieuwe bibliotheek', 'Onderwerp B: kom naar de opening'];

function manualClock(start = new Date()) {
  let now = start.getTime();
  const clock: Clock = { now: () => new Date(now), sleep: async (ms) => void (now += ms) };
  return { clock, advance: (ms: number) => (now += ms) };
}

/** An audience over one new list of `addresses`, written straight to the database. */
async function audienceOf(db: Database, addresses: string[]): Promise<string> {
  const suffix = randomUUID().slice(0, 8);
  const [list] = await db
    .insert(lists)
    .values({ environmentId: env, title: `A/B-lijst ${suffix}` })
    .returning({ id: lists.id });
  for (let start = 0; start < addresses.length; start += 500) {
    await db.insert(subscribers).values(
      addresses.slice(start, start + 500).map((email, index) => ({
        listId: list.id,
        email,
        name: `Persoon ${start + index}`,
      })),
    );
  }
  const [audience] = await db
    .insert(audiences)
    .values({ environmentId: env, name: `A/B-doelgroep ${suffix}` })
    .returning({ id: audiences.id });
  await db.insert(audienceLists).values({ audienceId: audience.id, listId: list.id });
  return audience.id;
}

const jobBody = (audienceId: string, abTest: AbTestSetup) => ({
  publicationId: publicationIds.publications.januaryNewsletter,
  publicationTemplateId: publicationIds.templates.zuiderveenStandard,
  title: 'Verspreiden van Nieuwsbrief januari 2025',
  audienceId,
  abTest,
});

const subjectTest = (decideBy: AbTestSetup['decideBy'], sharePercent = 20): AbTestSetup => ({
  field: 'subject',
  variants: subjects,
  sharePercent,
  waitHours: 4,
  decideBy,
});

describe('A/B tests (variant jobs, decision, remainder)', () => {
  let dataDir: string;
  let testDatabase: TestDatabase | undefined;
  let opened: OpenDatabase;
  let db: Database;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-abtests-'));
    testDatabase = await prepareSeededDatabase(dataDir);
    opened = await openDatabase({ dataDir, databaseUrl: testDatabase?.url });
    db = opened.db;
    await seedIfEmpty(db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    await opened?.close();
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  function contextWith(mailer: DeliveryContext['mailer'], clock: Clock): DeliveryContext {
    return {
      db,
      mailer,
      from: 'Gemeente Zuiderveen <nieuws@zuiderveen.example.nl>',
      cdn: { publicUrl: 'https://localhost:8443', cdnBase: '/cdn' },
      clock,
      rateLimiter: createRateLimiter(100_000, manualClock().clock),
      settings: {
        concurrency: 4,
        retry: { maxAttempts: 2, firstDelayMs: 1000 },
        leaseMs: 60_000,
        batchSize: 100,
        consecutiveFailureLimit: 5,
      },
      owner: 'worker-ab',
      unsubscribeKey: async () => key,
      bounceKey: async () => key,
      catcher: false,
      stopping: () => false,
    };
  }

  /** Creates the test a minute ago and sends its variant jobs; answers the test as the API shows it. */
  async function startTest(addresses: string[], setup: AbTestSetup, clock: Clock) {
    const parent = await createDeliveryJob(
      db,
      env,
      testActor,
      jobBody(await audienceOf(db, addresses), setup),
      { catcher: false },
      new Date(clock.now().getTime() - 60_000),
    );
    const sent = recordingMailer();
    const planned = await getAbTest(db, env, parent.id);
    // Two workers take the variant jobs at once: the one resolution is shared, never repeated.
    await Promise.all(
      planned.variants.map((variant) => runDeliveryJob(contextWith(sent.mailer, clock), variant.jobId)),
    );
    return { parent, sent, test: await getAbTest(db, env, parent.id) };
  }

  /** Human (or machine) events on a variant job, written as the tracking endpoints write them. */
  async function events(
    jobId: string,
    kind: 'open' | 'click',
    count: number,
    machine = false,
    at = new Date(),
  ) {
    await writeBatch(
      db,
      Array.from({ length: count }, () => ({
        environmentId: env,
        jobId,
        kind,
        position: kind === 'click' ? 0 : -1,
        messageKey: randomUUID(),
        recipientId: null,
        machine,
        occurredAt: at,
      })),
    );
  }

  const bySubject = (messages: OutgoingMessage[]) => {
    const counts = new Map<string, number>();
    for (const message of messages) counts.set(message.subject, (counts.get(message.subject) ?? 0) + 1);
    return Object.fromEntries(counts);
  };

  it('sends 100 + 100 of 1,000 at 20%, then 800 of the variant with more clicks once its wait is over', async () => {
    const { clock, advance } = manualClock();
    const addresses = Array.from({ length: 1000 }, (_, index) => `ab${index}@proef.nl`);
    const { parent, sent, test } = await startTest(addresses, subjectTest('clicks'), clock);

    expect(bySubject(sent.accepted)).toEqual({ [subjects[0]]: 100, [subjects[1]]: 100 });
    expect(test.state).toBe('Test loopt');
    expect(test.remainderRecipients).toBe(800);
    expect(test.variants.map((variant) => [variant.label, variant.sent, variant.status])).toEqual([
      ['A', 100, 'Verzonden'],
      ['B', 100, 'Verzonden'],
    ]);
    expect(new Date(test.decideAt!).getTime()).toBe(clock.now().getTime() + 4 * hourMs);
    // The parent is never sent by a worker itself.
    expect(await runDeliveryJob(contextWith(sent.mailer, clock), parent.id)).toEqual({ outcome: 'held' });
    // It is the test as a whole: its counts and recipients are the variants' and its own together.
    expect(await getDeliveryJob(db, env, parent.id)).toMatchObject({ recipientCount: 1000, sentCount: 200 });
    const sentSoFar = await jobRecipientPage(db, env, parent.id, { status: 'Verzonden' });
    expect(sentSoFar.total).toBe(200);
    expect((await jobRecipientPage(db, env, parent.id, {})).total).toBe(1000);

    // B gets more clicks (by people) than A.
    await events(test.variants[0].jobId, 'click', 3);
    await events(test.variants[1].jobId, 'click', 7);
    advance(4 * hourMs - 60_000);
    expect(await decideDueTests(db, clock.now())).toEqual([]);
    advance(60_000);
    const [remainderJobId] = await decideDueTests(db, clock.now());
    // Decided once: a second round (another process's) finds nothing to do.
    expect(await decideDueTests(db, clock.now())).toEqual([]);
    const decided = await getAbTest(db, env, parent.id);
    expect(decided).toMatchObject({ winner: 'B', remainderJobId, state: 'Winnaar wordt verzonden' });
    expect(decided.decisionReason).toBe('Variant B had de meeste unieke kliks (A 3, B 7).');

    const rest = recordingMailer();
    await runDeliveryJob(contextWith(rest.mailer, clock), remainderJobId);
    expect(bySubject(rest.accepted)).toEqual({ [subjects[1]]: 800 });
    const everyone = [...sent.accepted, ...rest.accepted].map((message) => message.to);
    expect(everyone).toHaveLength(1000);
    expect(new Set(everyone)).toEqual(new Set(addresses));

    await decideDueTests(db, clock.now());
    const done = await getAbTest(db, env, parent.id);
    expect(done).toMatchObject({ state: 'Winnaar verzonden', remainderSent: 800 });
    const [parentRow] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.id, parent.id));
    expect(parentRow.status).toBe('Verzonden');
    expect(await getDeliveryJob(db, env, parent.id)).toMatchObject({
      recipientCount: 1000,
      sentCount: 1000,
      failedCount: 0,
    });
    const everyRecipient = await jobRecipientPage(db, env, parent.id, { status: 'Verzonden', limit: 1 });
    expect(everyRecipient.total).toBe(1000);
  });

  it('counts opens by people only: machine opens do not make a winner', async () => {
    const { clock, advance } = manualClock();
    const addresses = Array.from({ length: 40 }, (_, index) => `open${index}@proef.nl`);
    const { parent, test } = await startTest(addresses, subjectTest('humanOpens', 50), clock);
    const [a, b] = test.variants;
    await events(a.jobId, 'open', 9, true);
    await events(a.jobId, 'open', 1);
    await events(b.jobId, 'open', 2);
    advance(4 * hourMs);
    await decideDueTests(db, clock.now());
    const decided = await getAbTest(db, env, parent.id);
    expect(decided.winner).toBe('B');
    expect(decided.variants.map((variant) => variant.humanOpens)).toEqual([1, 2]);
    expect(decided.decisionReason).toBe('Variant B had de meeste unieke openingen door mensen (A 1, B 2).');
  });

  it("'Zelf kiezen' waits for a person, once, and honours unsubscribes and bounces during the test", async () => {
    const { clock, advance } = manualClock();
    const addresses = Array.from({ length: 30 }, (_, index) => `kies${index}@proef.nl`);
    const { parent, sent, test } = await startTest(addresses, subjectTest('manual'), clock);
    expect(test.state).toBe('Wacht op keuze');
    expect(sent.accepted).toHaveLength(6);
    advance(100 * hourMs);
    expect(await decideDueTests(db, clock.now())).toEqual([]);

    // Two of the rest unsubscribe and bounce for good while the test runs.
    const tested = new Set(sent.accepted.map((message) => message.to));
    const [gone, bounced] = addresses.filter((address) => !tested.has(address));
    await db.insert(unsubscribers).values([
      { environmentId: env, email: gone, cause: 'Afgemeld' },
      { environmentId: env, email: bounced.toUpperCase(), cause: 'Onbestelbaar' },
    ]);

    await expect(decideTestNow(db, env, parent.id, clock.now(), 'C')).rejects.toMatchObject({
      status: 400,
      field: 'winner',
    });
    const remainderJobId = await decideTestNow(db, env, test.variants[0].jobId, clock.now(), 'A');
    await expect(decideTestNow(db, env, parent.id, clock.now(), 'B')).rejects.toMatchObject({
      status: 409,
    });
    const rest = recordingMailer();
    await runDeliveryJob(contextWith(rest.mailer, clock), remainderJobId);
    expect(bySubject(rest.accepted)).toEqual({ [subjects[0]]: 22 });
    const skipped = await db
      .select({ email: deliveryRecipients.email, detail: deliveryRecipients.detail })
      .from(deliveryRecipients)
      .where(eq(deliveryRecipients.jobId, remainderJobId))
      .then((rows) => rows.filter((row) => row.detail !== null));
    expect(skipped.sort((x, y) => x.email.localeCompare(y.email))).toEqual(
      [
        { email: gone, detail: 'Uitgeschreven' },
        { email: bounced, detail: 'Onbestelbaar' },
      ].sort((x, y) => x.email.localeCompare(y.email)),
    );
    expect((await getAbTest(db, env, parent.id)).decisionReason).toBe('Zelf gekozen: variant A.');
  });

  it('cancelling the parent cancels the variants not yet sent, and a winner is chosen by nobody after', async () => {
    const { clock, advance } = manualClock();
    const parent = await createDeliveryJob(
      db,
      env,
      testActor,
      jobBody(
        await audienceOf(db, ['stop1@proef.nl', 'stop2@proef.nl', 'stop3@proef.nl']),
        subjectTest('clicks', 100),
      ),
      { catcher: false },
      clock.now(),
    );
    const { variants } = await getAbTest(db, env, parent.id);
    await cancelJob(db, env, parent.id, clock.now(), testActor);
    const statusOf = async (jobId: string) =>
      (
        await db.select({ status: deliveryJobs.status }).from(deliveryJobs).where(eq(deliveryJobs.id, jobId))
      )[0].status;
    expect(await Promise.all(variants.map((variant) => statusOf(variant.jobId)))).toEqual([
      'Geannuleerd',
      'Geannuleerd',
    ]);
    const sent = recordingMailer();
    for (const variant of variants) await runDeliveryJob(contextWith(sent.mailer, clock), variant.jobId);
    expect(sent.accepted).toEqual([]);
    advance(100 * hourMs);
    expect(await decideDueTests(db, clock.now())).toEqual([]);
    await expect(decideTestNow(db, env, parent.id, clock.now(), 'A')).rejects.toMatchObject({
      status: 409,
      message: 'Deze A/B-test is geannuleerd; er wordt geen winnaar meer gekozen.',
    });
  });

  it('cancelling the parent after the decision stops the remainder before it is sent', async () => {
    const { clock } = manualClock();
    const addresses = Array.from({ length: 20 }, (_, index) => `rest${index}@proef.nl`);
    const { parent, test } = await startTest(addresses, subjectTest('manual'), clock);
    const remainderJobId = await decideTestNow(db, env, parent.id, clock.now(), 'B');
    await cancelJob(db, env, parent.id, clock.now(), testActor);
    const rest = recordingMailer();
    await runDeliveryJob(contextWith(rest.mailer, clock), remainderJobId);
    expect(rest.accepted).toEqual([]);
    expect((await getAbTest(db, env, parent.id)).variants.map((variant) => variant.status)).toEqual(
      test.variants.map((variant) => variant.status),
    );
  });

  it('refuses a bad test with a Dutch 400 naming the field', async () => {
    const audienceId = await audienceOf(db, ['fout@proef.nl']);
    const create = (abTest: AbTestSetup) =>
      createDeliveryJob(db, env, testActor, jobBody(audienceId, abTest), { catcher: false });
    await expect(
      create({ ...subjectTest('clicks'), variants: ['Zelfde', ' Zelfde '] }),
    ).rejects.toMatchObject({
      status: 400,
      field: 'abTest.variants',
      message: 'Geef elke variant een ander onderwerp.',
    });
    await expect(create({ ...subjectTest('clicks'), variants: ['Goed', '  '] })).rejects.toMatchObject({
      status: 400,
      field: 'abTest.variants',
      message: 'Vul bij variant B een onderwerp in.',
    });
  });
});

describe('A/B tests across a crash (server killed during the test and during the remainder)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('every one of 1,000 recipients receives exactly one variant after a SIGKILL in each phase', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-abtest-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = await prepareSeededDatabase(dataDir);
    if (database) cleanups.push(() => database.drop());
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());

    const addresses = Array.from({ length: 1000 }, (_, index) => `abcrash${index}@proef.nl`);
    const prepared = await openDatabase({ dataDir, databaseUrl: database?.url });
    await seedIfEmpty(prepared.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const audienceId = await audienceOf(prepared.db, addresses);
    await prepared.close();

    const port = await freePort();
    const origin = `https://localhost:${port}`;
    const start = async (): Promise<ServerProcess> => {
      const server = spawnServer({
        PORT: String(port),
        HOST: 'localhost',
        DATA_DIR: dataDir,
        STATIC_DIR: path.join(dataDir, 'no-console-build'),
        DATABASE_URL: database?.url ?? '',
        SMTP_URL: sink.url,
        DELIVERY_CONCURRENCY: '2',
        DELIVERY_RATE_LIMIT: '100000',
        DELIVERY_LEASE_SECONDS: '2',
        DELIVERY_SWEEP_SECONDS: '1',
      });
      cleanups.push(async () => {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGKILL');
          await server.exited;
        }
      });
      await waitForHealth(server, origin, dataDir).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${server.output()}`);
      });
      return server;
    };
    const session = async () => {
      const ca = await readFile(path.join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
      const info = JSON.parse(
        (await httpsRequest({ method: 'GET', url: `${origin}/api/1/environment/info`, ca })).text,
      ) as { clientId: string; authority: string; apiScope: string };
      const { accessToken } = await signInWithCode({ url: origin, ca, ...info }, demoUsers.anne.username);
      return async <T>(method: string, apiPath: string, body?: unknown) => {
        const response = await httpsRequest({
          method,
          url: `${origin}/api/1/${env}${apiPath}`,
          ca,
          headers: {
            ...authHeaders(accessToken, env),
            accept: 'application/json',
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        return { status: response.status, body: JSON.parse(response.text) as T };
      };
    };
    /**
     * Kills the server once every lane waits for an answer that does not come and everything the sink
     * answered is recorded, then starts it again.
     */
    const killAndRestart = async (
      server: ServerProcess,
      lanes: number,
      sentCounts: () => Promise<number>,
    ) => {
      // The sink counts the messages held before an earlier kill too.
      const heldBefore = sink.held();
      await expect.poll(() => sink.held(), { timeout: 60_000, interval: 20 }).toBe(heldBefore + lanes);
      await expect.poll(sentCounts, { timeout: 30_000, interval: 50 }).toBe(sink.accepted.length);
      server.child.kill('SIGKILL');
      await exitWithin(server, 30_000);
      sink.resume();
      return start();
    };

    const first = await start();
    let call = await session();
    const refused = await call<{ field: string; message: string }>(
      'POST',
      '/deliveryjobs',
      jobBody(audienceId, { ...subjectTest('clicks'), waitHours: 80 }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Wachttijd (uren)');

    // The test phase: the sink holds from the 50th message, mid-way through the variants.
    sink.holdAfter(50);
    const { body: parent } = await call<DeliveryJob>(
      'POST',
      '/deliveryjobs',
      jobBody(audienceId, { ...subjectTest('clicks'), waitHours: 1 }),
    );
    const abTest = async () => (await call<AbTest>('GET', `/deliveryjobs/${parent.id}/abtest`)).body;
    // Two variant jobs at once, two lanes each.
    const second = await killAndRestart(first, 4, async () =>
      (await abTest()).variants.reduce((sum, variant) => sum + variant.sent, 0),
    );
    call = await session();
    await expect
      .poll(async () => (await abTest()).variants.map((variant) => [variant.status, variant.sent]), {
        timeout: 120_000,
        interval: 200,
      })
      .toEqual([
        ['Verzonden', 100],
        ['Verzonden', 100],
      ]);
    const testPhase = sink.accepted.map((message) => message.headers.subject);
    expect(testPhase.filter((subject) => subject === subjects[0])).toHaveLength(100);
    expect(testPhase.filter((subject) => subject === subjects[1])).toHaveLength(100);

    // The remainder: decided now (no clicks on either: the first variant), killed after 150 more.
    sink.holdAfter(150);
    const decided = await call<AbTest>('POST', `/deliveryjobs/${parent.id}/abtest/decide`);
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ winner: 'A', remainderRecipients: 800 });
    const again = await call<{ message: string }>('POST', `/deliveryjobs/${parent.id}/abtest/decide`);
    expect(again).toEqual({ status: 409, body: expect.objectContaining({ field: 'winner' }) });
    const third = await killAndRestart(second, 2, async () => 200 + (await abTest()).remainderSent);
    call = await session();
    await expect
      .poll(async () => (await abTest()).remainderSent, { timeout: 120_000, interval: 200 })
      .toBe(800);

    const received = sink.accepted.map((message) => message.to);
    expect(received).toHaveLength(1000);
    expect(new Set(received)).toEqual(new Set(addresses));
    const subjectCounts = sink.accepted.filter((message) => message.headers.subject === subjects[0]).length;
    expect(subjectCounts).toBe(900);
    third.child.kill('SIGTERM');
    await exitWithin(third, 30_000);
  }, 600_000);
});
