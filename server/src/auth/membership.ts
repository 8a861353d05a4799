import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { environmentMembers, users } from '../db/schema';
import type { AuthenticatedUser } from './authenticatedUser';

/** The user with this username when they are a member of the environment, else undefined. */
export async function findMember(
  db: Database,
  environmentId: string,
  username: string,
): Promise<AuthenticatedUser | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(environmentMembers)
    .innerJoin(users, eq(users.id, environmentMembers.userId))
    .where(
      and(
        eq(environmentMembers.environmentId, environmentId),
        eq(sql`lower(${users.username})`, username.toLowerCase()),
      ),
    )
    .limit(1);
  return row ? { id: row.id, username: row.username, name: row.name ?? row.username } : undefined;
}
