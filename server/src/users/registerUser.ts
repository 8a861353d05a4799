import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';

/** Finds the user by username (case-insensitive), creating them on first sign-in; keeps the name current. */
export async function registerUser(
  db: Database,
  username: string,
  name: string | undefined,
): Promise<string> {
  const normalized = username.trim().toLowerCase();
  const existing = await findUserByUsername(db, normalized);
  if (existing) {
    if (name && name !== existing.name) await db.update(users).set({ name }).where(eq(users.id, existing.id));
    return existing.id;
  }
  // Two first requests may race; the unique index on lower(username) lets exactly one insert win.
  await db
    .insert(users)
    .values({ username: normalized, name: name ?? null })
    .onConflictDoNothing();
  const created = await findUserByUsername(db, normalized);
  if (!created) throw new Error(`user ${normalized} could not be created`);
  return created.id;
}

export async function findUserByUsername(db: Database, username: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
  return row;
}
