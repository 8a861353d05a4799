import { and, eq, sql } from 'drizzle-orm';
import type { MemberRoleName } from '../contract/memberRoles';
import type { Database } from '../db/client';
import { environmentMembers, users } from '../db/schema';
import type { TokenUser } from '../identity';
import { identifyUser } from '../users/registerUser';
import type { AuthenticatedUser } from './authenticatedUser';

/**
 * The user with the token's identity and whether they are a member of the environment, built once per
 * database as a prepared query: every environment-scoped request asks it, and building the query
 * each time cost more than its mapping (docs/performance.md, goal 4).
 */
function prepareKnownMemberQuery(db: Database) {
  return db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      member: environmentMembers.userId,
      role: environmentMembers.role,
    })
    .from(users)
    .leftJoin(
      environmentMembers,
      and(
        eq(environmentMembers.userId, users.id),
        eq(environmentMembers.environmentId, sql.placeholder('environmentId')),
      ),
    )
    .where(
      and(
        eq(users.identityIssuer, sql.placeholder('issuer')),
        eq(users.identitySubject, sql.placeholder('subject')),
      ),
    )
    .limit(1)
    .prepare('find_member');
}

const knownMemberQueries = new WeakMap<Database, ReturnType<typeof prepareKnownMemberQuery>>();

function knownMemberQuery(db: Database) {
  let query = knownMemberQueries.get(db);
  if (!query) {
    query = prepareKnownMemberQuery(db);
    knownMemberQueries.set(db, query);
  }
  return query;
}

/**
 * The token's user (matched by the provider's stable key) when they are a member of the environment.
 * One query for a user seen before; the first request of someone new may claim an invitation first.
 */
export async function findMember(
  db: Database,
  environmentId: string,
  token: TokenUser,
): Promise<AuthenticatedUser | undefined> {
  const [known] = await knownMemberQuery(db).execute({
    environmentId,
    issuer: token.identity.issuer,
    subject: token.identity.subject,
  });
  if (known) return known.member && known.role ? asMember(known, known.role) : undefined;

  const claimed = await identifyUser(db, token);
  if (!claimed) return undefined;
  const [membership] = await db
    .select({ role: environmentMembers.role })
    .from(environmentMembers)
    .where(
      and(eq(environmentMembers.environmentId, environmentId), eq(environmentMembers.userId, claimed.id)),
    )
    .limit(1);
  return membership ? asMember(claimed, membership.role) : undefined;
}

/**
 * The user with this id when they are (still) a member of the environment: for a download ticket
 * (auth/downloadTicket.ts), which names the user it was made for instead of carrying a token.
 */
export async function findMemberById(
  db: Database,
  environmentId: string,
  userId: string,
): Promise<AuthenticatedUser | undefined> {
  const [member] = await db
    .select({ id: users.id, username: users.username, name: users.name, role: environmentMembers.role })
    .from(users)
    .innerJoin(
      environmentMembers,
      and(eq(environmentMembers.userId, users.id), eq(environmentMembers.environmentId, environmentId)),
    )
    .where(eq(users.id, userId))
    .limit(1);
  return member ? asMember(member, member.role) : undefined;
}

function asMember(
  user: { id: string; username: string; name: string | null },
  role: MemberRoleName,
): AuthenticatedUser {
  return { id: user.id, username: user.username, name: user.name ?? user.username, role };
}
