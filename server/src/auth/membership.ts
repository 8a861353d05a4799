import { and, eq, sql } from 'drizzle-orm';
import type { MemberRoleName } from '../contract/memberRoles';
import type { Database } from '../db/client';
import { environmentMembers, users } from '../db/schema';
import type { TokenUser } from '../identity';
import { identifyUser } from '../users/registerUser';
import { forbidden } from '../errors';
import type { AuthenticatedUser } from './authenticatedUser';

/**
 * The token's user and their membership of the environment, as columns of a select from `users`
 * (`.from(users).leftJoin(environmentMembers, memberJoin).where(tokenUser)`), with the placeholders
 * `environmentId`, `issuer` and `subject`: for findMember's query, and for a route that reads them in its
 * own first query (MemberCheck; routes/scope.ts, `membershipInRouteQuery`).
 */
export const memberColumns = {
  memberUserId: users.id,
  memberUsername: users.username,
  memberName: users.name,
  memberRole: environmentMembers.role,
};
export const memberJoin = and(
  eq(environmentMembers.userId, users.id),
  eq(environmentMembers.environmentId, sql.placeholder('environmentId')),
);
export const tokenUser = and(
  eq(users.identityIssuer, sql.placeholder('issuer')),
  eq(users.identitySubject, sql.placeholder('subject')),
);

/** What a query with memberColumns read of the token's user (a row of a known user). */
export interface MemberRead {
  memberUserId: string;
  memberUsername: string;
  memberName: string | null;
  memberRole: MemberRoleName | null;
}

/**
 * The user with the token's identity and whether they are a member of the environment, built once per
 * database as a prepared query: every environment-scoped request asks it, and building the query
 * each time cost more than its mapping (docs/performance.md, goal 4).
 */
function prepareKnownMemberQuery(db: Database) {
  return db
    .select(memberColumns)
    .from(users)
    .leftJoin(environmentMembers, memberJoin)
    .where(tokenUser)
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
  if (known) return memberOf(known);

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

/** The member a query with memberColumns read, or undefined for a known user who is no member. */
export function memberOf(read: MemberRead): AuthenticatedUser | undefined {
  return read.memberRole === null
    ? undefined
    : asMember(
        { id: read.memberUserId, username: read.memberUsername, name: read.memberName },
        read.memberRole,
      );
}

/**
 * A route's own check of the asker's membership (routes/scope.ts, `membershipInRouteQuery`): the token's
 * identity for the placeholders `issuer` and `subject` of its query, and `admit`, which admits the member
 * it read as the scope would (403 for a non-member or a role below the operation's).
 */
export interface MemberCheck {
  identity: { issuer: string; subject: string };
  /** `undefined`: the query found no user with the identity; the scope's path (findMember) decides. */
  admit(read: MemberRead | undefined): Promise<void>;
}

/**
 * The row of a query that reads the asker's membership next to what it is for (memberColumns), after
 * `check` admitted them: a user not known yet (no row) goes through findMember, which claims an
 * invitation, and then the query runs again.
 */
export async function readAsMember<Row extends MemberRead>(
  check: MemberCheck,
  query: () => Promise<Row | undefined>,
): Promise<Row> {
  let row = await query();
  if (row === undefined) {
    await check.admit(undefined);
    row = await query();
    // Admitted, so the user is known now: no row only if the user was deleted meanwhile (a membership
    // removed meanwhile still gives a row, without a role, which admit refuses).
    if (row === undefined) throw forbidden();
  }
  await check.admit(row);
  return row;
}

function asMember(
  user: { id: string; username: string; name: string | null },
  role: MemberRoleName,
): AuthenticatedUser {
  return { id: user.id, username: user.username, name: user.name ?? user.username, role };
}
