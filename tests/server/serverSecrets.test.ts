import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type OpenDatabase } from '../../server/src/db/client';
import { serverSecret, storedSecret } from '../../server/src/delivery/serverSecret';
import { loadOrCreateIdentityKeys, loadOrCreateSharedIdentityKeys } from '../../server/src/identity/keyStore';
import { prepareMigratedDatabase } from './support/migratedDatabase';
import type { TestDatabase } from './support/testDatabase';

// What the platform keeps in `server_secrets` (PGlite, or PostgreSQL with TEST_DATABASE_URL): made once,
// then only read, so the reads that need a secret (the analytics recipient table on every request, every
// instance's start) write nothing.

let database: OpenDatabase;
let testDatabase: TestDatabase | undefined;
const dataDirs: string[] = [];
const newDataDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'dpp-server-secrets-'));
  dataDirs.push(dir);
  return dir;
};

beforeAll(async () => {
  const dataDir = await newDataDir();
  testDatabase = await prepareMigratedDatabase(dataDir);
  database = await openDatabase({ dataDir, databaseUrl: testDatabase?.url });
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

/** Runs `read` in a transaction that refuses every write, as a read-only replica would. */
const readOnly = <T>(read: (tx: Database) => Promise<T>): Promise<T> =>
  database.db.transaction(async (tx) => {
    await tx.execute(sql`SET TRANSACTION READ ONLY`);
    return read(tx as unknown as Database);
  });

describe('server secrets', () => {
  it('makes a secret of 32 random bytes on first use and gives the same one afterwards', async () => {
    const first = await serverSecret(database.db, 'test-secret');
    expect(first).toHaveLength(32);
    expect((await serverSecret(database.db, 'test-secret')).equals(first)).toBe(true);
    expect((await serverSecret(database.db, 'another-test-secret')).equals(first)).toBe(false);
  });

  it('gives two processes that find a secret missing at once the one stored first', async () => {
    // Both read before either inserts (concurrent queries: two connections on PostgreSQL, PGlite's
    // queue in turn), so both insert; the second insert must give way, not fail on the key.
    const [first, second] = await Promise.all([
      storedSecret(database.db, 'raced-secret', () => 'made by the first'),
      storedSecret(database.db, 'raced-secret', () => 'made by the second'),
    ]);
    expect(second).toBe(first);
    expect(['made by the first', 'made by the second']).toContain(first);
  });

  it('reads an existing secret without writing (a read-only transaction allows it)', async () => {
    const made = await serverSecret(database.db, 'read-only-secret');
    const read = await readOnly((tx) => serverSecret(tx, 'read-only-secret'));
    expect(read.equals(made)).toBe(true);
    // A missing one must be written, which a read-only transaction refuses: the check above is real.
    await expect(readOnly((tx) => serverSecret(tx, 'missing-secret'))).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/read-only transaction/) }),
    });
  });
});

// Several instances on one database sign and check tokens with the same keys: the first to start
// stores its own (so tokens it issued before stay valid), every later one uses those.
describe("the embedded provider's keys shared through the database", () => {
  it("keeps the first instance's own keys and hands them to every other instance, also when asked at once", async () => {
    const first = await newDataDir();
    const own = await loadOrCreateIdentityKeys(first);
    expect(await loadOrCreateSharedIdentityKeys(database.db, first)).toEqual(own);

    const others = await Promise.all(
      [await newDataDir(), await newDataDir(), await newDataDir()].map((dir) =>
        loadOrCreateSharedIdentityKeys(database.db, dir),
      ),
    );
    for (const keys of others) expect(keys).toEqual(own);
  });

  it('gives a later instance the stored keys without making or writing any (a read-only transaction allows it)', async () => {
    const stored = await loadOrCreateSharedIdentityKeys(database.db, await newDataDir());
    const later = await newDataDir();
    expect(await readOnly((tx) => loadOrCreateSharedIdentityKeys(tx, later))).toEqual(stored);
  });
});
