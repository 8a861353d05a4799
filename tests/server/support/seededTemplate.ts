import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../server/src/config';
import { openDatabase } from '../../../server/src/db/client';
import { seedIfEmpty } from '../../../server/src/seed';
import { prepareMigratedDatabase } from './migratedDatabase';
import { createTestDatabase, type TestDatabase } from './testDatabase';
import { provided } from './provided';

// The demo seed is about a third of a test server's start (1.0-1.4 s of 3 s CPU on PGlite,
// docs/performance.md), and nearly every server and seeded database of the suite seeds the same content.
// The global setup seeds one copy of the migrated template per run: a data directory (its media files,
// and on PGlite its `db`) and on PostgreSQL a database. A test database with the default seed starts as a
// copy of both; the server then finds its environments and leaves the seed alone. The seed places its
// dates relative to its clock (days and weeks), so a template a few minutes old gives the same demo.

export interface SeededTemplate {
  /** A data directory with the seed's media files (and on PGlite its database in `db`). */
  dataDir: string;
  /** On PostgreSQL the seeded database's name, else ''. */
  database: string;
}

/** Seeds a copy of the migrated template: PGlite's directory, or with `postgres` that template database. */
export async function createSeededTemplate(migrated: {
  pgliteDir?: string;
  postgres?: TestDatabase;
  adminUrl?: string;
}): Promise<{ template: SeededTemplate; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-seeded-template-'));
  let database: TestDatabase | undefined;
  try {
    if (migrated.pgliteDir)
      await cp(path.join(migrated.pgliteDir, 'db'), path.join(dataDir, 'db'), { recursive: true });
    if (migrated.adminUrl) database = await createTestDatabase(migrated.adminUrl, migrated.postgres?.name);
    const opened = await openDatabase({ dataDir, databaseUrl: database?.url });
    try {
      await seedIfEmpty(opened.db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    } finally {
      await opened.close();
    }
  } catch (error) {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    template: { dataDir, database: database?.name ?? '' },
    async remove() {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The database for a test's new data directory, migrated and demo-seeded, as a first start with the
 * default settings leaves it: a copy of the run's seeded template (with TEST_DATABASE_URL the copied
 * database is returned, to hand over as DATABASE_URL and drop afterwards). Without a template (outside
 * the server suite) a migrated database, which the caller seeds.
 */
export async function prepareSeededDatabase(dataDir: string): Promise<TestDatabase | undefined> {
  const template = provided('seededTemplate');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!template?.dataDir || (adminUrl && !template.database)) return prepareMigratedDatabase(dataDir);
  await cp(template.dataDir, dataDir, { recursive: true });
  return adminUrl ? createTestDatabase(adminUrl, template.database) : undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded template (createSeededTemplate) of the run's database. */
    seededTemplate: SeededTemplate;
  }
}
