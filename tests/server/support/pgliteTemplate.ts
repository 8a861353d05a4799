import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../server/src/db/client';
import { provided } from './provided';

// PGlite's first open of an empty directory runs initdb inside WebAssembly: 5 s on a quiet 2-core
// machine, over 20 s on a busy one, where opening an existing directory takes about 1 s. The server
// suite therefore makes one migrated, empty database per run (globalSetup.ts) and each test server
// starts on a copy of it (or of its demo-seeded copy, seededTemplate.ts); the server still migrates
// (nothing to do).
//
// The template asks for a buffer pool of 16 MB instead of initdb's 128 MB: PGlite zeroes the whole pool
// in WebAssembly memory at every open, so a copy opened in 0.9 s of CPU and now in 0.3 s, and the suites'
// databases (a few MB each) still fit in it. A server's own new directory keeps PostgreSQL's default.
const testBufferPool = '16MB';

/** Creates the template: a data directory whose `db` holds an empty database with every migration. */
export async function createPgliteTemplate(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-pglite-template-'));
  try {
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    await database.db.execute(sql.raw(`ALTER SYSTEM SET shared_buffers = '${testBufferPool}'`));
    await database.close();
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return dataDir;
}

/** Gives a new, empty data directory the template's database (no-op outside the server suite). */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  const template = provided('pgliteTemplate');
  if (template)
    await cp(path.join(template, 'db'), path.join(dataDir, 'db'), { recursive: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template data directory (createPgliteTemplate), or '' when the suite runs on PostgreSQL only. */
    pgliteTemplate: string;
  }
}
