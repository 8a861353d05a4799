import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { environmentMembers } from '../db/schema';
import type { TokenUser } from '../identity';
import { identifyUser } from '../users/registerUser';
import type { AuthenticatedUser } from './authenticatedUser';

/** The token's user (matched by the provider's stable key) when they are a member of the environment. */
export async function findMember(
  db: Database,
  environmentId: string,
  token: TokenUser,
): Promise<AuthenticatedUser | undefined> {
  const user = await identifyUser(db, token);
  if (!user) return undefined;
  const [membership] = await db
    .select({ userId: environmentMembers.userId })
    .from(environmentMembers)
    .where(and(eq(environmentMembers.environmentId, environmentId), eq(environmentMembers.userId, user.id)))
    .limit(1);
  return membership ? { id: user.id, username: user.username, name: user.name ?? user.username } : undefined;
}
