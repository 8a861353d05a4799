import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import type { ListImport } from '../../server/src/contract/listImports';
import type { ReceiverList } from '../../server/src/contract/receivers';
import { demoUsers, environmentIds } from '../../server/src/seed/ids';
import { freePort } from './support/freePort';
import { httpsRequest } from './support/https';
import { copyPgliteTemplate } from './support/pgliteTemplate';
import { authHeaders, rawRequest } from './support/mediaRequests';
import { exitWithin, spawnServer, waitForHealth, type ServerProcess } from './support/serverProcess';
import { signInWithCode } from './support/signIn';
import { createTestDatabase, type TestDatabase } from './support/testDatabase';

const env = environmentIds.zuiderveen;

describe('import crash safety (server killed mid-import)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps the committed batches, no half batch and no duplicates, and marks the import failed after SIGKILL', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-import-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const adminUrl = process.env.TEST_DATABASE_URL;
    const database: TestDatabase | undefined = adminUrl ? await createTestDatabase(adminUrl) : undefined;
    if (database) cleanups.push(() => database.drop());
    else await copyPgliteTemplate(dataDir);
    const port = await freePort();
    const origin = `https://localhost:${port}`;
    const start = async (): Promise<ServerProcess> => {
      const server = spawnServer({
        PORT: String(port),
        HOST: 'localhost',
        DATA_DIR: dataDir,
        STATIC_DIR: path.join(dataDir, 'no-console-build'),
        DATABASE_URL: database?.url ?? '',
        IMPORT_BATCH_ROWS: '2',
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
      const call = async <T>(method: string, apiPath: string) => {
        const response = await httpsRequest({
          method,
          url: `${origin}/api/1/${env}${apiPath}`,
          ca,
          headers: { ...authHeaders(accessToken, env), accept: 'application/json' },
        });
        return { status: response.status, text: response.text, json: () => JSON.parse(response.text) as T };
      };
      return { ca, accessToken, call };
    };

    const first = await start();
    const before = await session();
    const list = (await before.call<ReceiverList>('POST', `/list/manual?title=Crash`)).json();
    const boundary = `crash-${randomBytes(6).toString('hex')}`;
    const rows = Array.from({ length: 4000 }, (_, index) => `Persoon ${index};crash${index}@voorbeeld.nl`);
    const fields = { mode: 'add', mapping: '{"0":"name","1":"email"}', consent: 'true' };
    const body = Buffer.from(
      Object.entries(fields)
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="crash.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\nnaam;email\n${rows.join('\n')}\n\r\n--${boundary}--\r\n`,
    );
    const started = await rawRequest({
      method: 'POST',
      origin,
      path: `/api/1/${env}/list/manual/${list.id}/imports`,
      headers: {
        ...authHeaders(before.accessToken, env),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      ca: before.ca,
    });
    expect(started.status).toBe(202);
    const importId = (JSON.parse(started.body.toString('utf8')) as ListImport).id;
    // Kill once some batches are committed (asked, never slept on; bounded).
    for (let attempt = 0; attempt < 5000; attempt += 1) {
      const progress = (
        await before.call<ListImport>('GET', `/list/manual/${list.id}/imports/${importId}`)
      ).json();
      if (progress.rowsDone > 0) break;
    }
    first.child.kill('SIGKILL');
    await exitWithin(first, 30_000);

    const second = await start();
    const after = await session();
    const status = (
      await after.call<ListImport>('GET', `/list/manual/${list.id}/imports/${importId}`)
    ).json();
    expect(status.status).toBe('Mislukt');
    expect(status.error).toBe(
      `De server is gestopt tijdens het importeren; ${status.rowsDone} rijen waren al verwerkt.`,
    );
    expect(status.rowsDone).toBeGreaterThan(0);
    expect(status.rowsDone).toBeLessThan(4000);
    // Each batch is one transaction: the counters, the subscribers and the list's count agree.
    expect(status.rowsDone % 2).toBe(0);
    expect(status.added).toBe(status.rowsDone);
    const counted = (await after.call<ReceiverList>('GET', `/list/manual/${list.id}`)).json();
    expect(counted.subscriberCount).toBe(status.rowsDone);
    const exported = await after.call<string>('GET', `/list/manual/${list.id}/export`);
    const emails = (parse(exported.text.slice(1), { delimiter: ';' }) as string[][])
      .slice(1)
      .map((row) => row[1]);
    expect(emails).toHaveLength(status.rowsDone);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.sort()).toEqual(
      Array.from({ length: status.rowsDone }, (_, index) => `crash${index}@voorbeeld.nl`).sort(),
    );
    second.child.kill('SIGTERM');
    await exitWithin(second, 30_000);
  }, 300_000);
});
