import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';

/**
 * A named secret of the platform, generated on first use and kept in the database, so every process
 * against one database (server and `npm run worker`) signs and checks with the same key.
 */
export async function serverSecret(db: Database, name: string): Promise<Buffer> {
  const value = await storedSecret(db, name, () => randomBytes(32).toString('base64url'));
  return Buffer.from(value, 'base64url');
}

/**
 * A named value of `server_secrets`: read when it exists; otherwise made by `make` and inserted, unless
 * another process inserted one first (two asking at once both get the one inserted first). Once it
 * exists, asking for it only reads: reads such as the analytics recipient table ask on every request,
 * and a GET writes nothing.
 */
export async function storedSecret(
  db: Database,
  name: string,
  make: () => string | Promise<string>,
): Promise<string> {
  const existing = await readSecret(db, name);
  if (existing !== undefined) return existing;
  await db
    .insert(serverSecrets)
    .values({ name, value: await make() })
    .onConflictDoNothing();
  const stored = await readSecret(db, name);
  if (stored === undefined) throw new Error(`The server secret '${name}' could not be stored.`);
  return stored;
}

async function readSecret(db: Database, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  return row?.value;
}
