import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { environmentMembers, users } from '../db/schema';

// Who may approve a request is who may send. Roles (Verzender, Beheerder) do not exist yet: every member
// of an environment may send today, so these two functions are the one place that changes when they do.

/** A member of the environment, as an approval names and mails them. */
export interface Member {
  id: string;
  name: string;
  email: string;
}

/** Whether this member may send, so approve another member's request. */
export function maySend(member: Pick<Member, 'id'>): boolean {
  // Every member is effectively Beheerder until roles exist.
  return member.id !== '';
}

/** The environment's members who may send (and so approve), by name. */
export async function membersWhoMaySend(db: Database, environmentId: string): Promise<Member[]> {
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${users.name}, ${users.username})`,
      email: users.username,
    })
    .from(environmentMembers)
    .innerJoin(users, eq(users.id, environmentMembers.userId))
    .where(eq(environmentMembers.environmentId, environmentId))
    .orderBy(sql`lower(coalesce(${users.name}, ${users.username}))`);
  return rows.filter(maySend);
}

/** The member with this id, when they belong to the environment. */
export async function memberOf(
  db: Database,
  environmentId: string,
  userId: string,
): Promise<Member | undefined> {
  const members = await membersWhoMaySend(db, environmentId);
  return members.find((member) => member.id === userId);
}
