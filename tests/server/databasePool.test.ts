import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { openDatabase, type OpenDatabase } from '../../server/src/db/client';
import { createMigratedTestDatabase } from './support/postgresTemplate';
import type { TestDatabase } from './support/testDatabase';

// DATABASE_POOL_SIZE bounds the connections an instance's requests open to PostgreSQL: several instances
// share one database, and their pools together are what it runs at once (docs/deployment.md).
// PostgreSQL only (vite.config.ts): PGlite is one connection in the process.
describe('DATABASE_POOL_SIZE', () => {
  let database: TestDatabase;
  let opened: OpenDatabase;

  beforeAll(async () => {
    database = await createMigratedTestDatabase(process.env.TEST_DATABASE_URL!);
    opened = await openDatabase(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, DATABASE_POOL_SIZE: '2' }),
    );
  });

  afterAll(async () => {
    await opened?.close();
    await database?.drop();
  });

  it('five queries at once run on no more connections than the setting', async () => {
    const pool = (opened.db as unknown as { $client: pg.Pool }).$client;
    const queries = Array.from({ length: 5 }, () =>
      pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'),
    );
    const backends = new Set((await Promise.all(queries)).map((result) => result.rows[0]!.pid));
    expect(backends.size).toBeLessThanOrEqual(2);
    expect(pool.totalCount).toBeLessThanOrEqual(2);
  });

  it('is 10 unless set, and refuses what is not a positive whole number', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).databasePoolSize).toBe(10);
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
