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
 * Ends a pool and waits until its connections have closed. pg-pool's `end()` resolves once it has asked
 * them to close; a database dropped WITH (FORCE) meanwhile ends them from the server's side, and the pool
 * reports that as an error nobody listens to (an uncaught exception that fails the run).
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let closing = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (closing === 0) return resolve();
    pool.on('remove', () => {
      closing -= 1;
      if (closing === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}
