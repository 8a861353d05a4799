import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';

/**
 * A named secret of the platform, generated on first use and kept in the database, so every process
 * against one database (server and `npm run worker`) signs and checks with the same key. Two processes
 * asking at once both read the one that was inserted first. Once it exists, asking for it only reads:
 * reads such as the analytics recipient table ask for one on every request, and a GET writes nothing.
 */
export async function serverSecret(db: Database, name: string): Promise<Buffer> {
  const existing = await readSecret(db, name);
  if (existing) return existing;
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const created = await readSecret(db, name);
  if (!created) throw new Error(`The server secret '${name}' could not be stored.`);
  return created;
}

async function readSecret(db: Database, name: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  return row ? Buffer.from(row.value, 'base64url') : undefined;
}
