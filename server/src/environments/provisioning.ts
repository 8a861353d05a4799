import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { memberRoleLabels, type MemberRoleName } from '../contract/memberRoles';
import { environmentMembers, environments, themes, users } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { findDefaultEnvironmentId } from './defaultEnvironment';
import { fieldLabel } from '../contract/fieldLabels';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';

/**
 * Setting up the platform: environments with their theme and who may work in them. Used by the
 * `npm run admin` command and the platform administration API (routes/platform.ts) alike.
 */

export const defaultPrimaryColor = '#1f5fa8';

export interface NewEnvironment {
  name: string;
  themeName?: string;
  primaryColor?: string;
}

/** Creates an environment and its theme in one transaction, so it never shows onboarding half-made. */
export async function createEnvironment(db: Database, input: NewEnvironment, actor: LogActor) {
  const name = required(input.name, 'name');
  const themeName = input.themeName === undefined ? name : required(input.themeName, 'themeName');
  const primaryColor = input.primaryColor ?? defaultPrimaryColor;
  if (!/^#[0-9a-f]{6}$/i.test(primaryColor)) {
    throw badRequest('primaryColor', 'Hoofdkleur moet een kleur zijn zoals #1f5fa8.');
  }
  const environment = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(environments)
      .values({ name })
      .returning({ id: environments.id, name: environments.name });
    await tx.insert(themes).values({ environmentId: created.id, name: themeName, primaryColor });
    await recordInLog(tx, {
      environmentId: created.id,
      actor,
      kind: 'environment.created',
      resource: { type: 'environment', id: created.id, label: created.name },
    });
    return created;
  });
  return {
    ...environment,
    isDefault: environment.id === (await findDefaultEnvironmentId(db)),
    memberCount: 0,
    theme: { name: themeName, primaryColor },
  };
}

/** Every environment with its theme and member count, by name; `isDefault` marks what environment/info answers. */
export async function listEnvironments(db: Database) {
  const defaultId = await findDefaultEnvironmentId(db);
  const rows = await db
    .select({
      id: environments.id,
      name: environments.name,
      themeName: themes.name,
      primaryColor: themes.primaryColor,
      memberCount:
        sql<number>`(select count(*) from ${environmentMembers} where ${environmentMembers.environmentId} = ${environments.id})`.mapWith(
          Number,
        ),
    })
    .from(environments)
    .leftJoin(themes, eq(themes.environmentId, environments.id))
    .orderBy(asc(environments.name), asc(environments.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    isDefault: row.id === defaultId,
    memberCount: row.memberCount,
    theme:
      row.themeName !== null && row.primaryColor !== null
        ? { name: row.themeName, primaryColor: row.primaryColor }
        : null,
  }));
}

export async function countEnvironments(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(environments);
  return row.total;
}

/** The members of an environment, by username. */
export async function listMembers(db: Database, environmentId: string) {
  await assertEnvironmentExists(db, environmentId);
  return db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      signedIn: sql<boolean>`${users.identityIssuer} is not null`.mapWith(Boolean),
      role: environmentMembers.role,
    })
    .from(environmentMembers)
    .innerJoin(users, eq(users.id, environmentMembers.userId))
    .where(eq(environmentMembers.environmentId, environmentId))
    .orderBy(asc(users.username));
}

export interface MemberReference {
  email?: string;
  objectId?: string;
}

export interface NewMember extends MemberReference {
  /** The role of someone not yet a member; administrator when absent (contract/memberRoles.ts). */
  role?: MemberRoleName;
}

/**
 * Makes a person a member, by e-mail address or by the provider's object id. Someone unknown is
 * invited: a user row their first sign-in claims (see users/registerUser.ts). Adding twice is harmless.
 */
export async function addMember(db: Database, environmentId: string, reference: NewMember, actor: LogActor) {
  await assertEnvironmentExists(db, environmentId);
  const email = reference.email?.trim().toLowerCase();
  const objectId = reference.objectId?.trim().toLowerCase();
  if (!email === !objectId) {
    throw badRequest('email', 'Geef een e-mailadres of een object-id op, niet allebei.');
  }
  if (email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(email)) {
    throw badRequest('email', 'E-mailadres moet een e-mailadres zijn.');
  }
  const userId = email ? await userByEmail(db, email) : await userByObjectId(db, objectId as string);
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(environmentMembers)
      .values({ environmentId, userId, role: reference.role })
      .onConflictDoNothing()
      .returning({ userId: environmentMembers.userId });
    // Adding someone who is a member already changes nothing, so it is not recorded.
    if (added.length > 0) await recordMemberChange(tx, environmentId, userId, 'member.added', actor);
  });
  const [member] = (await listMembers(db, environmentId)).filter((row) => row.id === userId);
  return member;
}

/** Sets a member's role, logged with the change; undefined when the user is no member of the environment. */
export async function setMemberRole(
  db: Database,
  environmentId: string,
  userId: string,
  role: MemberRoleName,
  actor: LogActor,
) {
  await assertEnvironmentExists(db, environmentId);
  const membership = and(
    eq(environmentMembers.environmentId, environmentId),
    eq(environmentMembers.userId, userId),
  );
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ role: environmentMembers.role })
      .from(environmentMembers)
      .where(membership)
      .for('update');
    // The same role saved again changes nothing, so the Logboek (the record of who changed what) says nothing.
    if (!current || current.role === role) return current;
    await tx.update(environmentMembers).set({ role }).where(membership);
    await recordMemberChange(tx, environmentId, userId, 'member.roleChanged', actor, memberRoleLabels[role]);
    return current;
  });
  if (!updated) return undefined;
  const [member] = (await listMembers(db, environmentId)).filter((row) => row.id === userId);
  return member;
}

/** Ends a membership; the user stays (they may belong to other environments). False when not a member. */
export async function removeMember(
  db: Database,
  environmentId: string,
  userId: string,
  actor: LogActor,
): Promise<boolean> {
  await assertEnvironmentExists(db, environmentId);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(environmentMembers)
      .where(and(eq(environmentMembers.environmentId, environmentId), eq(environmentMembers.userId, userId)))
      .returning({ userId: environmentMembers.userId });
    if (removed.length === 0) return false;
    await recordMemberChange(tx, environmentId, userId, 'member.removed', actor);
    return true;
  });
}

/** A member change in the Logboek, labelled with the member's name (or sign-in name) of the moment. */
async function recordMemberChange(
  tx: Pick<Database, 'insert' | 'select'>,
  environmentId: string,
  userId: string,
  kind: 'member.added' | 'member.removed' | 'member.roleChanged',
  actor: LogActor,
  detail: string | null = null,
): Promise<void> {
  const [member] = await tx
    .select({ name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  await recordInLog(tx, {
    environmentId,
    actor,
    kind,
    resource: { type: 'member', id: userId, label: member?.name || member?.username || null },
    detail,
  });
}

/** The member an e-mail address or object id names, for removal; undefined when nobody matches. */
export async function findMemberId(
  db: Database,
  environmentId: string,
  reference: MemberReference,
): Promise<string | undefined> {
  const email = reference.email?.trim().toLowerCase();
  const objectId = reference.objectId?.trim().toLowerCase();
  const members = await listMembers(db, environmentId);
  if (email) return members.find((member) => member.username.toLowerCase() === email)?.id;
  if (!objectId) return undefined;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.identitySubject, objectId))
    .limit(1);
  return members.find((member) => member.id === user?.id)?.id;
}

/** The user with this e-mail address, or a new invitation for it. */
async function userByEmail(db: Database, email: string): Promise<string> {
  await db.insert(users).values({ username: email }).onConflictDoNothing();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, email))
    .limit(1);
  return row.id;
}

/** The user this object id signed in as (any issuer), or a new invitation keyed by it. */
async function userByObjectId(db: Database, objectId: string): Promise<string> {
  const [known] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.identitySubject, objectId), isNotNull(users.identitySubject)))
    .limit(1);
  if (known) return known.id;
  // Until the first sign-in names the address, the object id stands in as username.
  const [created] = await db
    .insert(users)
    .values({ username: objectId, identitySubject: objectId })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created) return created.id;
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, objectId))
    .limit(1);
  return holder.id;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function assertEnvironmentExists(db: Database, environmentId: string): Promise<void> {
  if (!uuidPattern.test(environmentId)) throw notFound('De omgeving');
  const [row] = await db
    .select({ id: environments.id })
    .from(environments)
    .where(eq(environments.id, environmentId.toLowerCase()))
    .limit(1);
  if (!row) throw notFound('De omgeving');
}

function required(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw badRequest(field, `${fieldLabel(field)} mag niet leeg zijn.`);
  return trimmed;
}
