import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { defaultDatabasePoolSize, type AppConfig } from '../config';
import type { QueueConnection } from './pgBoss';
import { advisoryLockKeys } from './advisoryLocks';
import { keepPgliteStatements } from './pgliteStatements';
import * as schema from './schema';

export type Schema = typeof schema;

/** The database handle all code uses; both drivers (PGlite and node-postgres) satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Database;
  driver: DatabaseDriver;
  /** How the delivery queue (pg-boss) reaches the same database: the PGlite instance, or the URL. */
  queueConnection: QueueConnection;
  close(): Promise<void>;
}

// server/drizzle, seen from the source (server/src/db/client.ts) or from the bundled server (dist-server/main.js).
const migrationsFolder = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../../drizzle' : '../server/drizzle', import.meta.url),
);

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db), applies the
 * migrations of server/drizzle and refreshes planner statistics (PGlite has no autovacuum).
 * The caller holds the data-directory lock before calling this.
 */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<AppConfig, 'databasePoolSize'>>,
  options: { reset?: boolean } = {},
): Promise<OpenDatabase> {
  const opened = config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize ?? defaultDatabasePoolSize)
    : await openPglite(config.dataDir);
  try {
    if (options.reset) await dropEverything(opened.db);
    await opened.migrate();
    await analyze(opened.db);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return {
    db: opened.db,
    driver: opened.driver,
    queueConnection: opened.queueConnection,
    close: opened.close,
  };
}

/** Refreshes the planner's statistics; call after migrations and bulk loads. */
export async function analyze(db: Database): Promise<void> {
  await db.execute(sql`ANALYZE`);
}

/** Drops all tables and the migration journal (npm run seed -- --reset), so migrations rebuild from scratch. */
async function dropEverything(db: Database): Promise<void> {
  await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await db.execute(sql`CREATE SCHEMA public`);
}

interface DriverHandle extends OpenDatabase {
  migrate(): Promise<void>;
}

/**
 * PGlite and its drizzle driver are imported here, not at the top: on PostgreSQL (DATABASE_URL) the
 * server never loads them (docs/performance.md, "Server memory").
 */
async function openPglite(dataDir: string): Promise<DriverHandle> {
  const [pglite, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const directory = path.join(dataDir, 'db');
  await mkdir(directory, { recursive: true });
  const client = await pglite.PGlite.create(directory);
  keepPgliteStatements(client, pglite);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    queueConnection: { pglite: client },
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

function openPostgres(connectionString: string, poolSize: number): DriverHandle {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection can be closed by the database (a restart, an administrator); the pool drops it and
  // opens another when needed. Without a listener the pool's 'error' event would end the process.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db,
    driver: 'postgres',
    queueConnection: { connectionString },
    migrate: () => migrateOnce(pool, () => migrateNodePostgres(db, { migrationsFolder })),
    close: () => endPool(pool),
  };
}

/**
 * Several instances may start at once on one database: the first to take the advisory lock migrates,
 * the others wait for it and then find nothing left to apply. The lock is held on a connection of its
 * own (session level) and ends with it, also when the process dies mid-migration.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [advisoryLockKeys.migrations]);
    try {
      await migrate();
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [advisoryLockKeys.migrations]);
    }
  } finally {
    holder.release();
  }
}

/**
 * Ends the pool and waits until every connection has really closed: `pool.end()` resolves as soon as
 * the connections are asked to close, and whoever drops the database right after would cut them off.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      closed += 1;
      if (closed === open) resolve();
    });
  });
  await pool.end();
  await allClosed;
}
