import { eq, sql } from 'drizzle-orm';
import { operationAccess } from '../contract/operationRoles';
import { memberRoles, roleAllows, type MemberRoleName } from '../contract/memberRoles';
import type { Database } from '../db/client';
import { environmentMembers, users } from '../db/schema';

// Who may approve a request is who may decide it: the role the contract's table gives approving
// (Verzender or more), read from that one table, so the list of approvers and the route agree.

/** A member of the environment, as an approval names and mails them. */
export interface Member {
  id: string;
  name: string;
  email: string;
  role: MemberRoleName;
}

/** The least role that may approve: the table's line for approving a request. */
function approvingRole(): MemberRoleName {
  const access = operationAccess('POST /api/1/{environmentId}/approvalrequests/{id}/approve');
  const role = memberRoles.find((candidate) => candidate === access);
  if (!role) throw new Error('Approving a request needs a member role (contract/operationRoles.ts)');
  return role;
}

/** Whether this member may send, so approve another member's request. */
export function maySend(member: Pick<Member, 'role'>): boolean {
  return roleAllows(member.role, approvingRole());
}

/** The environment's members who may send (and so approve), by name. */
export async function membersWhoMaySend(db: Database, environmentId: string): Promise<Member[]> {
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${users.name}, ${users.username})`,
      email: users.username,
      role: environmentMembers.role,
    })
    .from(environmentMembers)
    .innerJoin(users, eq(users.id, environmentMembers.userId))
    .where(eq(environmentMembers.environmentId, environmentId))
    .orderBy(sql`lower(coalesce(${users.name}, ${users.username}))`);
  return rows.filter(maySend);
}

/** The member with this id, when they belong to the environment and may send. */
export async function memberOf(
  db: Database,
  environmentId: string,
  userId: string,
): Promise<Member | undefined> {
  const members = await membersWhoMaySend(db, environmentId);
  return members.find((member) => member.id === userId);
}
