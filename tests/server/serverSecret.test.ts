import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type OpenDatabase } from '../../server/src/db/client';
import { serverSecret } from '../../server/src/delivery/serverSecret';
import { prepareMigratedDatabase } from './support/migratedDatabase';
import type { TestDatabase } from './support/testDatabase';

// The platform's named secrets (PGlite, or PostgreSQL with TEST_DATABASE_URL): made once, then only read,
// so the reads that need one (the analytics recipient table on every request) write nothing.

describe('server secrets', () => {
  let dataDir: string;
  let testDatabase: TestDatabase | undefined;
  let opened: OpenDatabase;
  let db: Database;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-secrets-'));
    testDatabase = await prepareMigratedDatabase(dataDir);
    opened = await openDatabase({ dataDir, databaseUrl: testDatabase?.url });
    db = opened.db;
  });
  afterAll(async () => {
    await opened?.close();
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Runs `read` in a transaction that refuses every write, as a read-only replica would. */
  const readOnly = <T>(read: (tx: Database) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SET TRANSACTION READ ONLY`);
      return read(tx as unknown as Database);
    });

  it('makes a secret of 32 random bytes on first use and gives the same one afterwards', async () => {
    const first = await serverSecret(db, 'test-secret');
    expect(first).toHaveLength(32);
    expect((await serverSecret(db, 'test-secret')).equals(first)).toBe(true);
    expect((await serverSecret(db, 'another-test-secret')).equals(first)).toBe(false);
  });

  it('reads an existing secret without writing (a read-only transaction allows it)', async () => {
    const made = await serverSecret(db, 'read-only-secret');
    const read = await readOnly((tx) => serverSecret(tx, 'read-only-secret'));
    expect(read.equals(made)).toBe(true);
    // A missing one must be written, which a read-only transaction refuses: the check above is real.
    await expect(readOnly((tx) => serverSecret(tx, 'missing-secret'))).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/read-only transaction/) }),
    });
  });
});
