import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/freePort';
import { copyPgliteTemplate } from './support/pgliteTemplate';
import { exitWithin, spawnServer, waitForHealth, type ServerProcess } from './support/serverProcess';
import { createTestDatabase, type TestDatabase } from './support/testDatabase';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe('server start loads heavy packages only when they are needed (docs/performance.md)', () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let server: ServerProcess;
  let loaded: string[];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dpp-packages-test-'));
    database = postgresUrl ? await createTestDatabase(postgresUrl) : undefined;
    // On PGlite the suite's migrated database instead of an initdb at start; the server still seeds it.
    if (!database) await copyPgliteTemplate(dataDir);
    const record = path.join(dataDir, 'packages.txt');
    const port = await freePort();
    server = spawnServer(
      {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: 'localhost',
        DATABASE_URL: database?.url ?? '',
        PACKAGE_RECORD: record,
      },
      ['--import', path.resolve('tests/server/support/packageRecorder.mjs')],
    );
    await waitForHealth(server, `https://localhost:${port}`, dataDir);
    loaded = readFileSync(record, 'utf8').split('\n').filter(Boolean);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await exitWithin(server, 15_000);
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has loaded the packages that serve requests', () => {
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'oidc-provider', 'drizzle-orm']));
  });

  it('loads PGlite (and its WebAssembly) only when it is the database, never on PostgreSQL', () => {
    if (postgresUrl) {
      expect(loaded).toContain('pg');
      expect(loaded).not.toContain('@electric-sql/pglite');
    } else {
      expect(loaded).toContain('@electric-sql/pglite');
    }
  });

  it('leaves MJML for the first rendering and mailparser for the first look in the mail catcher', () => {
    expect(loaded).not.toContain('mjml');
    expect(loaded).not.toContain('mailparser');
  });
});
