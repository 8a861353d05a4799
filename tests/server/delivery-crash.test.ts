import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import type { DeliveryJob } from '../../server/src/contract/publications';
import { openDatabase } from '../../server/src/db/client';
import { audienceLists, audiences, lists, subscribers } from '../../server/src/db/schema';
import { seedIfEmpty } from '../../server/src/seed';
import { demoUsers, environmentIds, publicationIds } from '../../server/src/seed/ids';
import { freePort } from './support/freePort';
import { httpsRequest } from './support/https';
import { authHeaders } from './support/mediaRequests';
import { exitWithin, spawnServer, waitForHealth, type ServerProcess } from './support/serverProcess';
import { signInWithCode } from './support/signIn';
import { startSmtpSink } from './support/smtpSink';
import { prepareSeededDatabase } from './support/seededTemplate';

const env = environmentIds.zuiderveen;
const recipientCount = 300;
/** DELIVERY_CONCURRENCY: the messages of the job in flight at once. */
const lanes = 4;

describe('delivery crash safety (server killed mid-job)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    'after SIGKILL and a restart every recipient has received exactly one message',
    () => crashMidJob({ inFlightStored: false }),
    300_000,
  );

  // Issue 37.9: the bound of what a crash can repeat, the same on PGlite and PostgreSQL. The sink stores
  // the messages in flight at the kill without answering them (the server stored them; the sender dies
  // before its '250 OK'): exactly those, at most one per lane, go out again, with the same Message-ID.
  it(
    'a SIGKILL while messages are in flight repeats only those, at most one per lane, with their Message-ID',
    () => crashMidJob({ inFlightStored: true }),
    300_000,
  );

  async function crashMidJob({ inFlightStored }: { inFlightStored: boolean }) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-delivery-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = await prepareSeededDatabase(dataDir);
    if (database) cleanups.push(() => database.drop());
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());

    // The audience, written before the server first starts: one list of 300 addresses.
    const addresses = Array.from({ length: recipientCount }, (_, index) => `crash${index}@proef.nl`);
    const prepared = await openDatabase({ dataDir, databaseUrl: database?.url });
    await seedIfEmpty(prepared.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const [list] = await prepared.db
      .insert(lists)
      .values({ environmentId: env, title: 'Crashlijst' })
      .returning({ id: lists.id });
    await prepared.db
      .insert(subscribers)
      .values(addresses.map((email, index) => ({ listId: list.id, email, name: `Persoon ${index}` })));
    const [audience] = await prepared.db
      .insert(audiences)
      .values({ environmentId: env, name: 'Crashdoelgroep' })
      .returning({ id: audiences.id });
    await prepared.db.insert(audienceLists).values({ audienceId: audience.id, listId: list.id });
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
        DELIVERY_CONCURRENCY: String(lanes),
        DELIVERY_RATE_LIMIT: '100000',
        // On PostgreSQL the dead server's lease must run out before the new one takes the job over.
        DELIVERY_LEASE_SECONDS: '2',
        DELIVERY_SWEEP_SECONDS: '1',
      });
      cleanups.push(async () => {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGKILL');
          await server.exited;
        }
      });
      await waitForHealth(server, origin, dataDir);
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
        return JSON.parse(response.text) as T;
      };
    };

    const first = await start();
    const call = await session();
    const job = await call<DeliveryJob>('POST', '/deliveryjobs', {
      publicationId: publicationIds.publications.januaryNewsletter,
      publicationTemplateId: publicationIds.templates.zuiderveenStandard,
      title: 'Verspreiden van Nieuwsbrief januari 2025',
      audienceId: audience.id,
    });
    // Mid-job: from the 100th message on the sink answers nothing, so every lane ends up waiting for a
    // '250 OK'. Once the job's count equals what the sink accepted, each accepted message is recorded.
    await expect
      .poll(() => sink.accepted.length, { timeout: 60_000, interval: 20 })
      .toBeGreaterThanOrEqual(100);
    sink.hold({ stored: inFlightStored });
    // Every lane ends up waiting for a '250 OK' that does not come.
    await expect.poll(() => sink.held(), { timeout: 30_000, interval: 20 }).toBe(lanes);
    await expect
      .poll(async () => (await call<DeliveryJob>('GET', `/deliveryjobs/${job.id}`)).sentCount, {
        timeout: 30_000,
        interval: 50,
      })
      .toBe(sink.accepted.length - (inFlightStored ? lanes : 0));
    const acceptedBeforeKill = sink.accepted.length;
    expect(acceptedBeforeKill).toBeLessThan(recipientCount);
    first.child.kill('SIGKILL');
    await exitWithin(first, 30_000);
    sink.resume();

    const second = await start();
    const callAgain = await session();
    await expect
      .poll(async () => (await callAgain<DeliveryJob>('GET', `/deliveryjobs/${job.id}`)).status, {
        timeout: 120_000,
        interval: 200,
      })
      .toBe('Verzonden');
    const done = await callAgain<DeliveryJob>('GET', `/deliveryjobs/${job.id}`);
    expect(done).toMatchObject({ sentCount: recipientCount, failedCount: 0 });
    const received = sink.accepted.map((message) => message.to);
    expect(new Set(received)).toEqual(new Set(addresses));
    // Twice: only the messages in flight at the kill (none when the server had stored none of them).
    const copies = new Map<string, string[]>();
    for (const message of sink.accepted)
      copies.set(message.to, [...(copies.get(message.to) ?? []), message.headers['message-id']]);
    const repeated = [...copies.values()].filter((ids) => ids.length > 1);
    expect(repeated).toHaveLength(inFlightStored ? lanes : 0);
    for (const ids of repeated) expect(new Set(ids).size).toBe(1);
    expect(sink.accepted).toHaveLength(recipientCount + repeated.length);
    expect(new Set(sink.accepted.map((message) => message.headers['message-id'])).size).toBe(recipientCount);
    second.child.kill('SIGTERM');
    await exitWithin(second, 30_000);
  }
});
