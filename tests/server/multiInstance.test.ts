import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JourneyGraph } from '../../server/src/contract/journeys';
import type { MediaFile } from '../../server/src/contract/media';
import type { DeliveryJob } from '../../server/src/contract/publications';
import { demoUsers, environmentIds, formIds, mediaIds, publicationIds } from '../../server/src/seed/ids';
import { freePort } from './support/freePort';
import { httpsRequest } from './support/https';
import { rawRequest, uploadRequest } from './support/mediaRequests';
import { startNginx, type TestNginx } from './support/nginx';
import { startTestS3, type TestS3 } from './support/s3Server';
import { exitWithin, spawnServer, waitForHealth, type ServerProcess } from './support/serverProcess';
import { signInWithCode, type Tokens } from './support/signIn';
import { startSmtpSink, type SmtpSink } from './support/smtpSink';
import { createTestDatabase, endPool, type TestDatabase } from './support/testDatabase';

// Two server processes on one PostgreSQL database, one S3-compatible bucket (s3rver), one Redis and one
// SMTP sink, behind nginx rendered from the repository's configuration (deploy/nginx). Always on
// PostgreSQL: the embedded database allows one process. Redis runs at 127.0.0.1:6379 on development
// machines and CI.
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const env = environmentIds.zuiderveen;
/** The public form page's limit per address and minute (routes/publicForms.ts). */
const formPageLimit = 120;

interface Instance {
  name: string;
  dataDir: string;
  port: number;
  url: string;
  ca: string;
  process: ServerProcess;
}

describe('several instances behind nginx', () => {
  let database: TestDatabase;
  let s3: TestS3;
  let nginx: TestNginx;
  let bucket: S3Client;
  let sink: SmtpSink;
  /** The test's own connection to the instances' database, to prepare lists and watch the work. */
  let pool: pg.Pool;
  let sharedEnv: Record<string, string>;
  const instances: Instance[] = [];
  let anne: Tokens;

  const start = async (name: string, dataDir?: string): Promise<Instance> => {
    const directory = dataDir ?? (await mkdtemp(path.join(tmpdir(), `dpp-instance-${name}-`)));
    const port = instances.find((instance) => instance.name === name)?.port ?? (await freePort());
    const child = spawnServer({ ...sharedEnv, DATA_DIR: directory, PORT: String(port), HOST: 'localhost' });
    const url = `https://localhost:${port}`;
    await waitForHealth(child, url, directory);
    const ca = await readFile(path.join(directory, 'tls', 'localhost-cert.pem'), 'utf8');
    return { name, dataDir: directory, port, url, ca, process: child };
  };
  const get = (instance: Instance, requestPath: string, headers: Record<string, string> = {}) =>
    rawRequest({ method: 'GET', origin: instance.url, path: requestPath, headers, ca: instance.ca });
  /** Kills the instance at `index` (SIGKILL: no stop, no lease released) and starts it again afterwards. */
  const kill = async (index: number) => {
    const instance = instances[index]!;
    instance.process.child.kill('SIGKILL');
    expect((await instance.process.exited).signal).toBe('SIGKILL');
    return async () => {
      instances[index] = await start(instance.name, instance.dataDir);
    };
  };
  const api = async <T>(instance: Instance, method: string, apiPath: string, body?: unknown) => {
    const response = await httpsRequest({
      method,
      url: `${instance.url}/api/1/${env}${apiPath}`,
      ca: instance.ca,
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
  /** A list of the given addresses in the environment, written straight into the database. */
  const listOf = async (title: string, addresses: string[]) => {
    const [list] = await query<{ id: string }>(
      'INSERT INTO lists (environment_id, title) VALUES ($1, $2) RETURNING id',
      [env, title],
    );
    await pool.query(
      'INSERT INTO subscribers (list_id, email, name) SELECT $1, email, email FROM unnest($2::text[]) AS email',
      [list!.id, addresses],
    );
    return list!.id;
  };
  /** Addresses the sink accepted (250) among `addresses`, in order, duplicates kept. */
  const acceptedOf = (addresses: string[]) => {
    const wanted = new Set(addresses);
    return sink.accepted.filter((message) => wanted.has(message.to));
  };
  const bucketKeys = async (prefix: string) => {
    const page = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((item) => item.Key!).sort();
  };

  beforeAll(async () => {
    database = await createTestDatabase(adminUrl);
    s3 = await startTestS3();
    bucket = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    sink = await startSmtpSink({ keepSource: false });
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const proxyPort = await freePort();
    sharedEnv = {
      ...s3.env,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      TRUST_PROXY: 'on',
      PUBLIC_URL: `https://localhost:${proxyPort}`,
      SMTP_URL: sink.url,
      // A dead instance's delivery job is taken over within seconds (long enough that a live instance
      // under load renews its lease between two batches).
      DELIVERY_LEASE_SECONDS: '10',
      DELIVERY_SWEEP_SECONDS: '1',
      // 200 people due at once are four ticker batches: both instances get one.
      JOURNEY_BATCH_SIZE: '50',
    };
    // One after the other: the first fills the empty database with the demo content.
    instances.push(await start('a'));
    instances.push(await start('b'));
    const [a] = instances;
    nginx = await startNginx({
      port: proxyPort,
      upstreams: instances.map((instance) => `127.0.0.1:${instance.port}`),
      certificatePath: path.join(a!.dataDir, 'tls', 'localhost-cert.pem'),
      keyPath: path.join(a!.dataDir, 'tls', 'localhost-key.pem'),
    });
    // Signed in through the proxy: the sign-in's steps land on either instance.
    const info = await httpsRequest({ method: 'GET', url: `${nginx.url}/api/1/environment/info`, ca: a!.ca });
    anne = await signInWithCode(
      { url: nginx.url, ca: a!.ca, ...JSON.parse(info.text) },
      demoUsers.anne.username,
    );
  }, 180_000);

  afterAll(async () => {
    await nginx?.close();
    for (const instance of instances) {
      if (instance.process.child.exitCode === null) {
        instance.process.child.kill('SIGTERM');
        await exitWithin(instance.process, 20_000);
      }
      await rm(instance.dataDir, { recursive: true, force: true });
    }
    bucket?.destroy();
    await s3?.close();
    await sink?.close();
    if (pool) await endPool(pool);
    await database?.drop();
  });

  it('serves through B what was uploaded through A, and after a delete through B, A answers 404', async () => {
    const [a, b] = instances;
    const content = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#aa3322' } })
      .png()
      .toBuffer();
    const uploaded = await uploadRequest(
      { url: a!.url, certificatePem: a!.ca },
      {
        token: anne.accessToken,
        env,
        directoryId: mediaIds.zuiderveen.documents,
        fileName: 'Gedeeld.png',
        content,
        field: 'file',
      },
    );
    expect(uploaded.status).toBe(200);
    const file = JSON.parse(uploaded.body.toString('utf8')) as MediaFile;

    const original = await get(b!, `/cdn/${env}/${file.id}.png`);
    expect(original.body.equals(content)).toBe(true);
    const rendition = await get(b!, `/cdn/${env}/${file.id}.png?w=80&h=80&mode=crop`);
    expect(rendition.status).toBe(200);
    expect((await sharp(rendition.body).metadata()).width).toBe(80);
    // Made by B, kept in the bucket: A serves the same bytes without rendering.
    await expect.poll(() => bucketKeys(`renditions/${env}/${file.id}/`)).toHaveLength(1);
    const fromA = await get(a!, `/cdn/${env}/${file.id}.png?w=80&h=80&mode=crop`);
    expect(fromA.headers['x-cache']).toBe('HIT');
    expect(fromA.body.equals(rendition.body)).toBe(true);

    const removed = await httpsRequest({
      method: 'DELETE',
      url: `${b!.url}/api/1/${env}/file/${file.id}`,
      ca: b!.ca,
      headers: { authorization: `Bearer ${anne.accessToken}`, 'x-environment-id': env },
    });
    expect(removed.status).toBe(204);
    expect((await get(a!, `/cdn/${env}/${file.id}.png?w=80&h=80&mode=crop`)).status).toBe(404);
    expect((await get(a!, `/cdn/${env}/${file.id}.png`)).status).toBe(404);
    expect(await bucketKeys(`files/${env}/${file.id}`)).toEqual([]);
  });

  it("counts the public form page's rate limit across both instances (Redis)", async () => {
    const [a, b] = instances;
    const page = `/f/${env}/${formIds.playgroundEvening}`;
    // A client address of its own (TRUST_PROXY=on), so the other steps' requests do not count here.
    const headers = { 'x-forwarded-for': '198.51.100.27' };
    const statuses = new Map<number, number>();
    for (let request = 0; request < formPageLimit; request += 1) {
      const status = (await get(request % 2 === 0 ? a! : b!, page, headers)).status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: formPageLimit });
    expect((await get(a!, page, headers)).status).toBe(429);
    expect((await get(b!, page, headers)).status).toBe(429);
  });

  it("leaves another instance's fresh upload alone when reconciling at start, and removes a day-old leftover", async () => {
    const [a] = instances;
    const inFlight = `files/${env}/${randomUUID()}`;
    const leftover = `files/${env}/${randomUUID()}`;
    for (const key of [inFlight, leftover])
      await bucket.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: randomBytes(1000) }));
    // s3rver dates an object by its file: make the leftover two days old.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const leftoverFile = path.join(s3.directory, s3.bucket, ...`${leftover}._S3rver_object`.split('/'));
    // s3rver answers a put before its write of the bytes ends, and that write sets the file's time: date
    // the file once all 1,000 bytes are in it.
    await expect.poll(async () => (await stat(leftoverFile).catch(() => undefined))?.size).toBe(1000);
    await utimes(leftoverFile, twoDaysAgo, twoDaysAgo);
    expect((await stat(leftoverFile)).mtime.getTime()).toBe(twoDaysAgo.getTime());

    a!.process.child.kill('SIGTERM');
    expect((await exitWithin(a!.process, 20_000)).code).toBe(0);
    const restarted = await start('a', a!.dataDir);
    instances[0] = restarted;

    expect(await bucketKeys(inFlight)).toEqual([inFlight]);
    expect(await bucketKeys(leftover)).toEqual([]);
  });

  it('a delivery job survives the loss of the instance running it: each recipient is sent once (SMTP sink)', async () => {
    const addresses = Array.from({ length: 300 }, (_, index) => `bezorging${index}@proef.nl`);
    const listId = await listOf('Bezorglijst', addresses);
    const [audience] = await query<{ id: string }>(
      'INSERT INTO audiences (environment_id, name) VALUES ($1, $2) RETURNING id',
      [env, 'Bezorgdoelgroep'],
    );
    await pool.query('INSERT INTO audience_lists (audience_id, list_id) VALUES ($1, $2)', [audience!.id, listId]);
    // 100 messages are accepted, the next ones left unanswered: the instance sending them stalls with
    // every lane waiting for its '250 OK', and what it recorded equals what the sink accepted.
    sink.holdAfter(100);
    const job = await api<DeliveryJob>(instances[0]!, 'POST', '/deliveryjobs', {
      publicationId: publicationIds.publications.januaryNewsletter,
      publicationTemplateId: publicationIds.templates.zuiderveenStandard,
      title: 'Verspreiden over twee instanties',
      audienceId: audience!.id,
    });
    await expect.poll(() => sink.held(), { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
    const status = () => api<DeliveryJob>(instances[0]!, 'GET', `/deliveryjobs/${job.id}`);
    await expect.poll(async () => (await status()).sentCount, { timeout: 30_000 }).toBe(100);

    // Either instance may have taken the job from the queue: its lease names the process.
    const [lease] = await query<{ lease_owner: string }>('SELECT lease_owner FROM delivery_jobs WHERE id = $1', [
      job.id,
    ]);
    const runner = instances.findIndex(
      (instance) => lease!.lease_owner.split(':')[1] === String(instance.process.child.pid),
    );
    expect(runner).toBeGreaterThanOrEqual(0);
    const restart = await kill(runner);
    sink.resume();
    const survivor = instances[1 - runner]!;

    await expect
      .poll(async () => (await api<DeliveryJob>(survivor, 'GET', `/deliveryjobs/${job.id}`)).status, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe('Verzonden');
    expect(await api<DeliveryJob>(survivor, 'GET', `/deliveryjobs/${job.id}`)).toMatchObject({
      sentCount: 300,
      failedCount: 0,
    });
    const received = acceptedOf(addresses);
    expect(received.map((message) => message.to).sort()).toEqual([...addresses].sort());
    expect(new Set(received.map((message) => message.headers['message-id'])).size).toBe(300);
    await restart();
  }, 120_000);

  it('journeys: both instances tick at once; one is killed mid-tick, the other sends each step once (SMTP sink)', async () => {
    const people = Array.from({ length: 200 }, (_, index) => `reiziger${index}@proef.nl`);
    const listId = await listOf('Reislijst', people);
    const [a] = instances;
    const graph: JourneyGraph = {
      triggers: [{ kind: 'manual' }],
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
    const journey = await api<{ id: string }>(a!, 'POST', '/journeys', { name: 'Welkom op twee instanties' });
    await api(a!, 'PUT', `/journeys/${journey.id}`, { graph });
    await api(a!, 'POST', `/journeys/${journey.id}/publish`, {});

    // The test holds the delivery jobs' table (SHARE: reads go on, writes wait), so each instance's
    // ticker stops inside its transaction at its first batch's send: both have claimed 50 people and
    // written their step runs, uncommitted.
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE delivery_jobs IN SHARE MODE');
      const enrolled = await api<{ enrolled: number }>(a!, 'POST', `/journeys/${journey.id}/enroll`, { listId });
      expect(enrolled.enrolled).toBe(200);
      const tickersWaiting = async () =>
        (
          await query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
             AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO delivery_jobs%'`,
          )
        )[0]!.n;
      // Each instance ticks every 5 s.
      await expect.poll(tickersWaiting, { timeout: 30_000, interval: 100 }).toBe(2);
      expect(
        await query('SELECT 1 FROM journey_step_runs WHERE journey_id = $1', [journey.id]),
      ).toEqual([]);
      const restart = await kill(0);
      await holder.query('ROLLBACK');

      // A's transaction is rolled back with its connection; B commits its batch and claims the rest,
      // A's 50 among them.
      await expect.poll(() => acceptedOf(people).length, { timeout: 45_000, interval: 250 }).toBe(200);
      const received = acceptedOf(people).map((message) => message.to);
      expect(received.sort()).toEqual([...people].sort());
      const [runs] = await query<{ sends: number; people: number; recipients: number }>(
        `SELECT count(*)::int AS sends, count(DISTINCT enrollment_id)::int AS people,
                count(DISTINCT delivery_recipient_id)::int AS recipients
         FROM journey_step_runs WHERE journey_id = $1 AND step_id = 'send'`,
        [journey.id],
      );
      expect(runs).toEqual({ sends: 200, people: 200, recipients: 200 });
      await expect
        .poll(
          async () =>
            await query(
              `SELECT state, count(*)::int AS n FROM journey_enrollments WHERE journey_id = $1 GROUP BY state`,
              [journey.id],
            ),
          { timeout: 15_000 },
        )
        .toEqual([{ state: 'Klaar', n: 200 }]);
      await restart();
    } finally {
      // Back to the pool with no transaction open, so that the pool's end closes it before the database
      // is dropped (a destroyed connection still closing then reported the drop as an uncaught error).
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
    }
  }, 120_000);

  it('keeps answering through the proxy when an instance is killed', async () => {
    const [a, b] = instances;
    // nginx terminates TLS with A's certificate.
    const ready = () => httpsRequest({ method: 'GET', url: `${nginx.url}/ready`, ca: a!.ca });
    expect((await ready()).status).toBe(200);
    b!.process.child.kill('SIGKILL');
    await b!.process.exited;
    // nginx finds B refusing connections and retries each GET on A: no answer is lost.
    const statuses: number[] = [];
    for (let request = 0; request < 10; request += 1) statuses.push((await ready()).status);
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
  });
});
