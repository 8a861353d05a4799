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
import { authHeaders, rawRequest } from './support/mediaRequests';
import { exitWithin, spawnServer, waitForHealth, type ServerProcess } from './support/serverProcess';
import { signInWithCode } from './support/signIn';
import { storedImportFiles } from './support/importRequests';
import { prepareMigratedDatabase } from './support/migratedDatabase';

const env = environmentIds.zuiderveen;

describe('import crash safety (server killed mid-import)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('resumes the import after SIGKILL from its last committed batch: every row once, counted as without the crash', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-import-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = await prepareMigratedDatabase(dataDir);
    if (database) cleanups.push(() => database.drop());
    const port = await freePort();
    const origin = `https://localhost:${port}`;
    const start = async (): Promise<ServerProcess> => {
      const server = spawnServer({
        PORT: String(port),
        HOST: 'localhost',
        DATA_DIR: dataDir,
        STATIC_DIR: path.join(dataDir, 'no-console-build'),
        DATABASE_URL: database?.url ?? '',
        IMPORT_BATCH_ROWS: '20',
        // On PostgreSQL the restarted server waits for the dead one's lease to expire (PGlite's data-directory
        // lock tells it at once that the lease is a dead process's).
        IMPORT_LEASE_SECONDS: '2',
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
    // Every 13th row is refused and every 10th repeats the address of the row 100 before it, so the
    // resumed run must still know the addresses of the rows committed before the crash.
    const rows = Array.from({ length: 4000 }, (_, index) =>
      index % 13 === 5
        ? `Persoon ${index};geen-adres-${index}`
        : `Persoon ${index};crash${index % 10 === 9 && index >= 100 ? index - 100 : index}@voorbeeld.nl`,
    );
    const addresses = new Set(rows.map((row) => row.split(';')[1]).filter((email) => email.includes('@')));
    const refused = rows.filter((row) => !row.includes('@')).length;
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
    let progress = JSON.parse(started.body.toString('utf8')) as ListImport;
    for (let attempt = 0; attempt < 5000 && progress.rowsDone === 0; attempt += 1)
      progress = (await before.call<ListImport>('GET', `/list/manual/${list.id}/imports/${importId}`)).json();
    expect(progress.rowsDone).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await exitWithin(first, 30_000);

    // The file stays in the store (DATA_DIR/media with MEDIA_STORE=disk) under the import's key.
    expect(await storedImportFiles(dataDir)).toEqual([`imports/${env}/${importId}`]);

    const second = await start();
    const after = await session();
    let status = (await after.call<ListImport>('GET', `/list/manual/${list.id}/imports/${importId}`)).json();
    for (let attempt = 0; attempt < 5000 && status.status === 'Bezig'; attempt += 1)
      status = (await after.call<ListImport>('GET', `/list/manual/${list.id}/imports/${importId}`)).json();
    expect(status).toMatchObject({
      status: 'Voltooid',
      error: null,
      rowsDone: 4000,
      added: addresses.size,
      refused,
      skippedDuplicate: 4000 - refused - addresses.size,
    });
    const counted = (await after.call<ReceiverList>('GET', `/list/manual/${list.id}`)).json();
    expect(counted.subscriberCount).toBe(addresses.size);
    const exported = await after.call<string>('GET', `/list/manual/${list.id}/export`);
    const emails = (parse(exported.text.slice(1), { delimiter: ';' }) as string[][])
      .slice(1)
      .map((row) => row[1]);
    expect(emails.sort()).toEqual([...addresses].sort());
    const refusals = (
      await after.call<string>('GET', `/list/manual/${list.id}/imports/${importId}/refused.csv`)
    ).text;
    expect((parse(refusals.slice(1), { delimiter: ';' }) as string[][]).length).toBe(refused + 1);
    // Its file went with the finished import.
    expect(await storedImportFiles(dataDir)).toEqual([]);
    second.child.kill('SIGTERM');
    await exitWithin(second, 30_000);
  }, 300_000);
});
