import { copyPgliteTemplate } from './pgliteTemplate';
import { createMigratedTestDatabase } from './postgresTemplate';
import type { TestDatabase } from './testDatabase';

/**
 * The database for a test's new data directory, migrated and empty, as a first start would leave it:
 * with TEST_DATABASE_URL a copy of the suite's PostgreSQL template (returned, to hand over as
 * DATABASE_URL and drop afterwards), else a copy of the PGlite template in `dataDir` (undefined).
 */
export async function prepareMigratedDatabase(dataDir: string): Promise<TestDatabase | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return createMigratedTestDatabase(adminUrl);
  await copyPgliteTemplate(dataDir);
  return undefined;
}
