import { openDatabase } from '../../../server/src/db/client';
import { createTestDatabase, type TestDatabase } from './testDatabase';
import { provided } from './provided';

// Migrating an empty PostgreSQL database takes the database server 1–3 s (every migration in its own
// transaction); the server suite starts about 60 servers and seeded databases per run. As with PGlite
// (pgliteTemplate.ts), the suite's global setup migrates one database per run and every test server
// starts on a copy of it (CREATE DATABASE … TEMPLATE), or of its demo-seeded copy (seededTemplate.ts);
// the server still runs its migrations (nothing left to do). Tests about migrating an empty database (several
// instances at once, start-up) keep calling createTestDatabase for an empty one.

/** Creates the template: a database next to TEST_DATABASE_URL's with every migration applied. */
export async function createPostgresTemplate(adminUrl: string): Promise<TestDatabase> {
  const template = await createTestDatabase(adminUrl);
  try {
    const database = await openDatabase({ databaseUrl: template.url, dataDir: '' });
    await database.close();
  } catch (error) {
    await template.drop();
    throw error;
  }
  return template;
}

/** A new database for one test server: a copy of the suite's migrated template, else an empty one. */
export function createMigratedTestDatabase(adminUrl: string): Promise<TestDatabase> {
  const template = provided('postgresTemplate');
  return createTestDatabase(adminUrl, template || undefined);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template database's name (createPostgresTemplate), or '' when the suite runs on PGlite. */
    postgresTemplate: string;
  }
}
