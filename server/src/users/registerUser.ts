import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { forbidden } from '../errors';
import type { TokenUser } from '../identity';

/** A platform user as the API handlers see it. */
export interface UserRow {
  id: string;
  username: string;
  name: string | null;
  providerName: string | null;
}

const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  providerName: users.providerName,
};

/**
 * The platform user an access token speaks for, or undefined when there is none yet.
 * Matched by the provider's stable key first; a user invited by object id, or by e-mail address and not
 * signed in before, is claimed by the first token that fits (then keyed by it for good). A changed
 * `preferred_username` therefore finds the same user; another person who later gets that address does not.
 */
export async function identifyUser(db: Database, token: TokenUser): Promise<UserRow | undefined> {
  const { issuer, subject } = token.identity;
  const [known] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.identityIssuer, issuer), eq(users.identitySubject, subject)))
    .limit(1);
  if (known) return keepCurrent(db, known, token);

  const [invitedById] = await db
    .select(userColumns)
    .from(users)
    .where(and(isNull(users.identityIssuer), eq(users.identitySubject, token.objectId)))
    .limit(1);
  if (invitedById) return claim(db, invitedById, token);

  for (const email of claimAddresses(token)) {
    const [invitedByEmail] = await db
      .select(userColumns)
      .from(users)
      .where(and(eq(sql`lower(${users.username})`, email), isNull(users.identitySubject)))
      .limit(1);
    if (invitedByEmail) return claim(db, invitedByEmail, token);
  }
  // A concurrent first request (on this or another instance) may have claimed the invitation between
  // the first query and the ones above: then the user is known by now.
  const [claimedMeanwhile] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.identityIssuer, issuer), eq(users.identitySubject, subject)))
    .limit(1);
  return claimedMeanwhile;
}

/** Finds the token's user (see identifyUser), creating them on first sign-in. */
export async function registerUser(db: Database, token: TokenUser): Promise<string> {
  const existing = await identifyUser(db, token);
  if (existing) return existing.id;
  // Two first requests may race; the unique indexes let exactly one insert win.
  await db
    .insert(users)
    .values({
      username: token.username,
      name: token.name ?? null,
      providerName: token.name ?? null,
      identityIssuer: token.identity.issuer,
      identitySubject: token.identity.subject,
    })
    .onConflictDoNothing();
  const created = await identifyUser(db, token);
  if (created) return created.id;
  // The address belongs to an account another sign-in has claimed: never hand that account over.
  throw forbidden(
    'Dit e-mailadres hoort al bij een ander account. Vraag de beheerder van het platform om je toegang te geven.',
  );
}

/** The addresses that may claim an invitation: the token's e-mail and its username, when they are addresses. */
function claimAddresses(token: TokenUser): string[] {
  return [...new Set([token.email, token.username])].filter(
    (value): value is string => typeof value === 'string' && value.includes('@'),
  );
}

async function claim(db: Database, user: UserRow, token: TokenUser): Promise<UserRow> {
  await db
    .update(users)
    .set({ identityIssuer: token.identity.issuer, identitySubject: token.identity.subject })
    .where(eq(users.id, user.id));
  return keepCurrent(db, user, token);
}

/**
 * Keeps the username and the provider's display name current. The username follows the provider unless
 * another user holds that address; a name set locally (differing from the provider's last one) stays.
 */
async function keepCurrent(db: Database, user: UserRow, token: TokenUser): Promise<UserRow> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (token.name && token.name !== user.providerName) {
    changes.providerName = token.name;
    if (!user.name || user.name === user.providerName) changes.name = token.name;
  }
  if (token.username !== user.username.toLowerCase()) {
    const [holder] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, token.username))
      .limit(1);
    if (!holder) changes.username = token.username;
  }
  if (Object.keys(changes).length === 0) return user;
  await db.update(users).set(changes).where(eq(users.id, user.id));
  return { ...user, ...changes } as UserRow;
}

export async function findUserByUsername(db: Database, username: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
  return row;
}
