import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
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
import { cancelJob, scheduleJob } from '../../server/src/delivery/jobStates';
import { createRateLimiter } from '../../server/src/delivery/rateLimiter';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../../server/src/delivery/unsubscribeToken';
import { MailSendError, type Mailer } from '../../server/src/mail/mailer';
import { createDeliveryJob } from '../../server/src/publications/deliveryJobs';
import { seedIfEmpty } from '../../server/src/seed';
import { environmentIds, publicationIds } from '../../server/src/seed/ids';
import { prepareSeededDatabase } from './support/seededTemplate';
import type { TestDatabase } from './support/testDatabase';
import { recordingMailer } from './support/recordingMailer';
import { testActor } from './support/logActor';

// The delivery worker against the database directly (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// a recording mailer, a clock moved by hand, and the runner called as the queue would call it.

const env = environmentIds.zuiderveen;
const key = Buffer.alloc(32, 7);

/** A clock that only moves when told to, or when delivery sleeps (a retry wait, the rate limit). */
function manualClock(start = new Date()) {
  let now = start.getTime();
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => new Date(now),
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  return { clock, sleeps, advance: (ms: number) => (now += ms) };
}

const temporary = (code = 451) =>
  new MailSendError(`${code} Probeer het later nog eens`, { responseCode: code, temporary: true });
const permanent = (code = 550) =>
  new MailSendError(`${code} Onbekende ontvanger`, { responseCode: code, temporary: false });

describe('delivery jobs (worker and states)', () => {
  let dataDir: string;
  let testDatabase: TestDatabase | undefined;
  let opened: OpenDatabase;
  let db: Database;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-delivery-'));
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

  let listCounter = 0;
  /** An audience over new lists of the environment: one array of addresses per list. */
  async function audienceOf(...addressLists: string[][]): Promise<string> {
    const [audience] = await db
      .insert(audiences)
      .values({ environmentId: env, name: `Proef ${++listCounter}` })
      .returning({ id: audiences.id });
    for (const addresses of addressLists) {
      const [list] = await db
        .insert(lists)
        .values({ environmentId: env, title: `Lijst ${++listCounter}` })
        .returning({ id: lists.id });
      if (addresses.length > 0) {
        await db.insert(subscribers).values(
          addresses.map((email, index) => ({
            listId: list.id,
            email,
            name: `Persoon ${index}`,
            firstName: `Voornaam${index}`,
          })),
        );
      }
      await db.insert(audienceLists).values({ audienceId: audience.id, listId: list.id });
    }
    return audience.id;
  }

  async function jobFor(audienceId: string, scheduledAt?: Date, now?: Date): Promise<string> {
    const job = await createDeliveryJob(
      db,
      env,
      testActor,
      {
        publicationId: publicationIds.publications.januaryNewsletter,
        publicationTemplateId: publicationIds.templates.zuiderveenStandard,
        title: 'Verspreiden van Nieuwsbrief januari 2025',
        audienceId,
        scheduledAt: scheduledAt?.toISOString(),
      },
      { catcher: false },
      // Created a minute ago unless told otherwise: due for any clock the test starts now.
      now ?? new Date(Date.now() - 60_000),
    );
    return job.id;
  }

  function contextWith(
    mailer: Mailer,
    clock: Clock,
    overrides: Partial<DeliveryContext> = {},
  ): DeliveryContext {
    return {
      db,
      mailer,
      from: 'Gemeente Zuiderveen <nieuws@zuiderveen.example.nl>',
      cdn: { publicUrl: 'https://localhost:8443', cdnBase: '/cdn' },
      clock,
      // Paced on a clock of its own, so only the retry waits show on the test's clock.
      rateLimiter: createRateLimiter(100_000, manualClock().clock),
      settings: {
        concurrency: 3,
        retry: { maxAttempts: 3, firstDelayMs: 1000 },
        leaseMs: 60_000,
        batchSize: 4,
        consecutiveFailureLimit: 5,
      },
      owner: 'worker-1',
      unsubscribeKey: async () => key,
      bounceKey: async () => key,
      catcher: false,
      stopping: () => false,
      ...overrides,
    };
  }

  const jobRow = async (jobId: string) =>
    (await db.select().from(deliveryJobs).where(eq(deliveryJobs.id, jobId)))[0];
  const recipientRows = (jobId: string) =>
    db
      .select()
      .from(deliveryRecipients)
      .where(eq(deliveryRecipients.jobId, jobId))
      .orderBy(deliveryRecipients.id);

  it('goes Gepland → Bezig → Verzonden, one personal message per recipient with one-click unsubscribe', async () => {
    const addresses = Array.from({ length: 10 }, (_, index) => `lezer${index}@proef.nl`);
    const jobId = await jobFor(await audienceOf(addresses));
    expect((await jobRow(jobId)).status).toBe('Gepland');
    const { clock } = manualClock();
    const { mailer, accepted } = recordingMailer(async () => {
      // While sending, the job is running.
      expect((await jobRow(jobId)).status).toBe('Bezig');
    });

    expect(await runDeliveryJob(contextWith(mailer, clock), jobId)).toEqual({ outcome: 'finished' });

    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: 'Verzonden', sentCount: 10, failedCount: 0, recipientCount: 10 });
    expect(job.startedAt).not.toBeNull();
    expect(job.finishedAt).not.toBeNull();
    expect(accepted.map((message) => message.to).sort()).toEqual([...addresses].sort());
    const rows = await recipientRows(jobId);
    expect(rows.every((row) => row.status === 'Verzonden' && row.messageId && row.attempts === 1)).toBe(true);

    const message = accepted.find((candidate) => candidate.to === 'lezer3@proef.nl')!;
    expect(message.subject).toBe('Nieuwsbrief januari 2025');
    expect(message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https:\/\/localhost:8443\/u\/([^>]+))>$/.exec(
      message.headers?.['List-Unsubscribe'] ?? '',
    );
    expect(link).not.toBeNull();
    // The link in the body is the same personal one, and its token names this address and job.
    expect(message.text).toContain(link![1]);
    expect(message.html).toContain(link![1]);
    expect(message.text).not.toContain('{{unsubscribeUrl}}');
    const row = rows.find((candidate) => candidate.email === 'lezer3@proef.nl')!;
    expect(verifyUnsubscribeToken(key, link![2])).toBe(row.id);

    // Run again (a duplicate queue entry): nothing is sent twice.
    expect(await runDeliveryJob(contextWith(mailer, clock), jobId)).toEqual({ outcome: 'finished' });
    expect(accepted).toHaveLength(10);
  });

  it('resolves recipients once: global unsubscribers and repeated addresses are skipped and recorded', async () => {
    const audienceId = await audienceOf(
      ['een@proef.nl', 'twee@proef.nl', 'weg@proef.nl'],
      ['TWEE@proef.nl', 'drie@proef.nl'],
    );
    await db.insert(unsubscribers).values({ environmentId: env, email: 'Weg@Proef.nl' });
    const jobId = await jobFor(audienceId);
    const { clock } = manualClock();
    const { mailer, accepted } = recordingMailer();

    await runDeliveryJob(contextWith(mailer, clock), jobId);

    expect(accepted.map((message) => message.to.toLowerCase()).sort()).toEqual([
      'drie@proef.nl',
      'een@proef.nl',
      'twee@proef.nl',
    ]);
    // The address of the list added first represents a repeated address.
    expect(accepted.some((message) => message.to === 'twee@proef.nl')).toBe(true);
    expect(await jobRow(jobId)).toMatchObject({ recipientCount: 3, skippedCount: 2, sentCount: 3 });
    const skipped = (await recipientRows(jobId)).filter((row) => row.status === 'Overgeslagen');
    expect(skipped.map((row) => [row.email, row.detail]).sort()).toEqual([
      ['TWEE@proef.nl', 'Dubbel adres'],
      ['weg@proef.nl', 'Uitgeschreven'],
    ]);
  });

  it("keeps each recipient's merge values from the moment the job started", async () => {
    const jobId = await jobFor(await audienceOf(['merge@proef.nl']));
    const { clock } = manualClock();
    const { mailer, accepted } = recordingMailer();
    // A publication text with a merge field: the recipient's first name replaces it.
    const [row] = await db.select().from(deliveryJobs).where(eq(deliveryJobs.id, jobId));
    expect(row.status).toBe('Gepland');
    await runDeliveryJob(contextWith(mailer, clock), jobId);
    const [recipient] = await recipientRows(jobId);
    expect(recipient.mergeValues).toMatchObject({ email: 'merge@proef.nl', firstName: 'Voornaam0' });
    expect(accepted).toHaveLength(1);
  });

  it('waits for a scheduled moment, then sends', async () => {
    const { clock, advance } = manualClock();
    const later = new Date(clock.now().getTime() + 60 * 60 * 1000);
    const jobId = await jobFor(await audienceOf(['later@proef.nl']), later, clock.now());
    const { mailer, accepted } = recordingMailer();

    expect(await runDeliveryJob(contextWith(mailer, clock), jobId)).toEqual({
      outcome: 'notDue',
      scheduledAt: later,
    });
    expect((await jobRow(jobId)).status).toBe('Gepland');
    expect(accepted).toHaveLength(0);

    advance(60 * 60 * 1000);
    expect(await runDeliveryJob(contextWith(mailer, clock), jobId)).toEqual({ outcome: 'finished' });
    expect(accepted.map((message) => message.to)).toEqual(['later@proef.nl']);
  });

  it('runs a moved job at its new moment only, whether moved later or earlier', async () => {
    const { clock, advance } = manualClock();
    const hour = 60 * 60 * 1000;
    const at = (hours: number) => new Date(clock.now().getTime() + hours * hour);
    const { mailer, accepted } = recordingMailer();

    // Planned for in an hour, moved to in three: at the old moment the queue entry finds it not due.
    const later = await jobFor(await audienceOf(['verzet@proef.nl']), at(1), clock.now());
    const laterMoment = at(3);
    await scheduleJob(db, env, later, laterMoment, testActor);
    advance(hour);
    expect(await runDeliveryJob(contextWith(mailer, clock), later)).toEqual({
      outcome: 'notDue',
      scheduledAt: laterMoment,
    });
    expect(accepted).toHaveLength(0);
    advance(2 * hour);
    expect(await runDeliveryJob(contextWith(mailer, clock), later)).toEqual({ outcome: 'finished' });
    expect(accepted.map((message) => message.to)).toEqual(['verzet@proef.nl']);

    // Planned for in three hours, moved to in one: sent then, and the old moment's entry sends nothing more.
    const earlier = await jobFor(await audienceOf(['eerder@proef.nl']), at(3), clock.now());
    await scheduleJob(db, env, earlier, at(1), testActor);
    advance(hour);
    expect(await runDeliveryJob(contextWith(mailer, clock), earlier)).toEqual({ outcome: 'finished' });
    advance(2 * hour);
    expect(await runDeliveryJob(contextWith(mailer, clock), earlier)).toEqual({ outcome: 'finished' });
    expect(accepted.filter((message) => message.to === 'eerder@proef.nl')).toHaveLength(1);

    // A job that has started cannot be moved (409), nor can a cancelled one; a cancelled job never runs.
    await expect(scheduleJob(db, env, earlier, at(5), testActor)).rejects.toMatchObject({ status: 409 });
    const cancelled = await jobFor(await audienceOf(['nooit@proef.nl']), at(1), clock.now());
    await cancelJob(db, env, cancelled, clock.now(), testActor);
    await expect(scheduleJob(db, env, cancelled, at(2), testActor)).rejects.toMatchObject({ status: 409 });
    advance(hour);
    expect(await runDeliveryJob(contextWith(mailer, clock), cancelled)).toEqual({ outcome: 'finished' });
    expect(accepted.some((message) => message.to === 'nooit@proef.nl')).toBe(false);
  });

  it('cancels a planned job (nothing sent) and a running one (stops before the next batch)', async () => {
    const { clock } = manualClock();
    const planned = await jobFor(await audienceOf(['gepland@proef.nl']));
    await cancelJob(db, env, planned, clock.now(), testActor);
    const { mailer, accepted } = recordingMailer();
    expect(await runDeliveryJob(contextWith(mailer, clock), planned)).toEqual({ outcome: 'finished' });
    expect(accepted).toHaveLength(0);
    expect((await jobRow(planned)).status).toBe('Geannuleerd');
    await expect(cancelJob(db, env, planned, clock.now(), testActor)).rejects.toMatchObject({ status: 409 });

    const addresses = Array.from({ length: 12 }, (_, index) => `bezig${index}@proef.nl`);
    const running = await jobFor(await audienceOf(addresses));
    let cancelled = false;
    const recording = recordingMailer(async () => {
      if (!cancelled) {
        cancelled = true;
        await cancelJob(db, env, running, clock.now(), testActor);
      }
    });
    expect(await runDeliveryJob(contextWith(recording.mailer, clock), running)).toEqual({
      outcome: 'finished',
    });
    const job = await jobRow(running);
    expect(job.status).toBe('Geannuleerd');
    // The batch in flight (4) is finished, the rest is never sent.
    expect(recording.accepted.length).toBeLessThanOrEqual(4);
    expect(job.sentCount).toBe(recording.accepted.length);
    const waiting = (await recipientRows(running)).filter((row) => row.status === 'Wachtend');
    expect(waiting).toHaveLength(12 - recording.accepted.length);
  });

  it('retries temporary failures with growing waits and records permanent ones', async () => {
    const jobId = await jobFor(
      await audienceOf(['eventjes@proef.nl', 'onbekend@proef.nl', 'altijd@proef.nl', 'goed@proef.nl']),
    );
    const { clock, sleeps } = manualClock();
    const { mailer, accepted } = recordingMailer((message, attempt) => {
      if (message.to === 'eventjes@proef.nl' && attempt < 3) throw temporary();
      if (message.to === 'onbekend@proef.nl') throw permanent();
      if (message.to === 'altijd@proef.nl') throw temporary(421);
    });

    await runDeliveryJob(
      contextWith(mailer, clock, { settings: { ...contextWith(mailer, clock).settings, concurrency: 1 } }),
      jobId,
    );

    const rows = Object.fromEntries((await recipientRows(jobId)).map((row) => [row.email, row]));
    expect(rows['eventjes@proef.nl']).toMatchObject({ status: 'Verzonden', attempts: 3 });
    expect(rows['onbekend@proef.nl']).toMatchObject({ status: 'Mislukt', attempts: 1 });
    expect(rows['onbekend@proef.nl'].detail).toContain('550');
    expect(rows['altijd@proef.nl']).toMatchObject({ status: 'Mislukt', attempts: 3 });
    expect(rows['altijd@proef.nl'].detail).toContain('421');
    expect(rows['goed@proef.nl']).toMatchObject({ status: 'Verzonden', attempts: 1 });
    // Two waits for each temporarily failing address: the first delay, then five times as long.
    expect(sleeps).toEqual([1000, 5000, 1000, 5000]);
    expect(accepted.map((message) => message.to).sort()).toEqual(['eventjes@proef.nl', 'goed@proef.nl']);
    expect(await jobRow(jobId)).toMatchObject({ status: 'Verzonden', sentCount: 2, failedCount: 2 });
  });

  it('fails the job with the reason when the mail server stays unreachable, keeping the rest waiting', async () => {
    const addresses = Array.from({ length: 8 }, (_, index) => `stil${index}@proef.nl`);
    const jobId = await jobFor(await audienceOf(addresses));
    const { clock } = manualClock();
    const { mailer } = recordingMailer(() => {
      throw new MailSendError('connect ECONNREFUSED 127.0.0.1:25', { temporary: true, code: 'ECONNECTION' });
    });
    await runDeliveryJob(contextWith(mailer, clock), jobId);
    const job = await jobRow(jobId);
    expect(job.status).toBe('Mislukt');
    expect(job.failureReason).toBe('De mailserver is niet bereikbaar: connect ECONNREFUSED 127.0.0.1:25');
    expect((await recipientRows(jobId)).some((row) => row.status === 'Wachtend')).toBe(true);
  });

  it('after a worker dies mid-job another takes over once its lease expired: every recipient gets one message', async () => {
    const addresses = Array.from({ length: 20 }, (_, index) => `overname${index}@proef.nl`);
    const jobId = await jobFor(await audienceOf(addresses));
    const { clock, advance } = manualClock();
    // The first worker's connection hangs after 7 accepted messages: as if the process stopped there.
    const first = recordingMailer(() =>
      first.accepted.length >= 7 ? new Promise<void>(() => {}) : undefined,
    );
    void runDeliveryJob(contextWith(first.mailer, clock, { owner: 'worker-1' }), jobId);
    await expect.poll(async () => (await jobRow(jobId)).sentCount, { timeout: 15_000 }).toBe(7);

    const second = recordingMailer();
    expect(await runDeliveryJob(contextWith(second.mailer, clock, { owner: 'worker-2' }), jobId)).toEqual({
      outcome: 'held',
    });
    advance(61_000);
    expect(await runDeliveryJob(contextWith(second.mailer, clock, { owner: 'worker-2' }), jobId)).toEqual({
      outcome: 'finished',
    });

    const received = [...first.accepted, ...second.accepted].map((message) => message.to).sort();
    expect(received).toEqual([...addresses].sort());
    expect(await jobRow(jobId)).toMatchObject({ status: 'Verzonden', sentCount: 20 });
  });

  it('signs unsubscribe tokens that no change survives', () => {
    const token = signUnsubscribeToken(key, 123456);
    expect(verifyUnsubscribeToken(key, token)).toBe(123456);
    const [id, signature] = token.split('.');
    expect(verifyUnsubscribeToken(key, `${(123457).toString(36)}.${signature}`)).toBeUndefined();
    for (let index = 0; index < signature.length; index += 1) {
      const changed =
        signature.slice(0, index) + (signature[index] === 'a' ? 'b' : 'a') + signature.slice(index + 1);
      expect(verifyUnsubscribeToken(key, `${id}.${changed}`)).toBeUndefined();
    }
    expect(verifyUnsubscribeToken(Buffer.alloc(32, 8), token)).toBeUndefined();
    expect(verifyUnsubscribeToken(key, id)).toBeUndefined();
    expect(verifyUnsubscribeToken(key, `${token}.`)).toBeUndefined();
    expect(verifyUnsubscribeToken(key, '')).toBeUndefined();
  });
});
