import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/src/config';
import { openDatabase, type Database } from '../../../server/src/db/client';
import { seedIfEmpty } from '../../../server/src/seed';
import { prepareSeededDatabase } from './seededTemplate';

export interface SeededDatabase {
  db: Database;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A demo-seeded database of a test file's own, for tests that call the area modules directly: PGlite in a
 * temporary directory, or a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function openSeededDatabase(prefix: string): Promise<SeededDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const testDatabase = await prepareSeededDatabase(dataDir);
  const opened = await openDatabase({ dataDir, databaseUrl: testDatabase?.url });
  // A copy of the seeded template is seeded already; without one (outside the server suite) seed here.
  await seedIfEmpty(opened.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  return {
    db: opened.db,
    dataDir,
    async close() {
      await opened.close();
      await testDatabase?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
