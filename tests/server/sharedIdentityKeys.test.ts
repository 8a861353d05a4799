import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type OpenDatabase } from '../../server/src/db/client';
import { loadOrCreateIdentityKeys, loadOrCreateSharedIdentityKeys } from '../../server/src/identity/keyStore';
import { prepareMigratedDatabase } from './support/migratedDatabase';
import type { TestDatabase } from './support/testDatabase';

// Several instances on one database sign and check tokens with the same keys: the first to start
// stores its own (so tokens it issued before stay valid), every later one uses those.
describe("the embedded provider's keys shared through the database", () => {
  let database: OpenDatabase;
  let testDatabase: TestDatabase | undefined;
  const dataDirs: string[] = [];
  const newDataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dpp-shared-keys-'));
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
    const read = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET TRANSACTION READ ONLY`);
      return loadOrCreateSharedIdentityKeys(tx as unknown as Database, later);
    });
    expect(read).toEqual(stored);
  });
});
