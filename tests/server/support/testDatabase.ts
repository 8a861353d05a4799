import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  name: string;
  /** Connection string of the fresh database, handed to the server as DATABASE_URL. */
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates an empty PostgreSQL database next to the one TEST_DATABASE_URL names (t_<random>), so every
 * test server starts from nothing, like a fresh PGlite directory; `drop()` removes it again. With
 * `template` (a database's name) the new database is a copy of that one instead.
 */
export async function createTestDatabase(adminUrl: string, template?: string): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const copyOf = template ? ` TEMPLATE ${template}` : '';
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}${copyOf}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function withAdmin(adminUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Ends a pool and waits (at most 10 s) until its connections have closed. pg-pool's `end()` resolves once
 * it has asked them to close; a database dropped WITH (FORCE) meanwhile ends them from the server's side
 * (57P01), which the pool reports as an error: expected from here on, so it is not left uncaught.
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== terminatedByAdministrator) throw error;
  });
  // The connections open now, by identity: a 'remove' counted against a number could be another's.
  const open = new Set((pool as unknown as { _clients?: pg.PoolClient[] })._clients ?? []);
  const closed = new Promise<void>((resolve) => {
    const resolveWhenNoneOpen = () => open.size === 0 && resolve();
    pool.on('remove', (client) => {
      open.delete(client);
      resolveWhenNoneOpen();
    });
    resolveWhenNoneOpen();
  });
  await pool.end();
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
}

/** PostgreSQL's code for a connection ended by `pg_terminate_backend` or a forced drop. */
const terminatedByAdministrator = '57P01';
