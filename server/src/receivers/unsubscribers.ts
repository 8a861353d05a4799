import { and, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageSize } from '../contract/paging';
import type {
  Unsubscriber,
  UnsubscriberPage,
  UnsubscriberRemoval,
  UnsubscriberRemovalPage,
  UnsubscriberRemovalsQuery,
  UnsubscribersQuery,
} from '../contract/receivers';
import type { Database } from '../db/client';
import { violatesUniqueConstraint } from '../db/constraintViolation';
import { orderBy, readPage } from '../db/paging';
import { unsubscribers } from '../db/schema/receivers';
import { containsText } from '../db/textSearch';
import { ApiError, notFound } from '../errors';
import { requiredEmail, requiredText } from '../http/inputText';

// Global unsubscribers: an address here receives no delivery of the environment. Undoing one keeps
// the row as a record of who removed it, when and why.

const alreadyUnsubscribedMessage = 'Dit e-mailadres is al uitgeschreven.';
const erasedEntryMessage =
  'Deze uitschrijving is wat er over is van gewiste gegevens. Alleen de persoon zelf kan zich opnieuw aanmelden, via een aanmeldformulier.';

const activeColumns = {
  id: unsubscribers.id,
  email: unsubscribers.email,
  createdAt: unsubscribers.createdAt,
  cause: unsubscribers.cause,
  causeDetail: unsubscribers.causeDetail,
  erased: sql<boolean>`${unsubscribers.addressHash} IS NOT NULL`,
};
const removalColumns = {
  id: unsubscribers.id,
  email: unsubscribers.email,
  createdAt: unsubscribers.createdAt,
  removedAt: unsubscribers.removedAt,
  removedBy: unsubscribers.removedBy,
  reason: unsubscribers.removalReason,
};

const toUnsubscriber = (row: {
  id: string;
  email: string;
  createdAt: Date;
  cause: string;
  causeDetail: string | null;
  erased: boolean;
}): Unsubscriber => ({
  ...row,
  cause: row.cause as Unsubscriber['cause'],
  createdAt: row.createdAt.toISOString(),
});

const toRemoval = (row: {
  id: string;
  email: string;
  createdAt: Date;
  removedAt: Date | null;
  removedBy: string | null;
  reason: string | null;
}): UnsubscriberRemoval => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  removedAt: (row.removedAt ?? row.createdAt).toISOString(),
  removedBy: row.removedBy ?? '',
  reason: row.reason ?? '',
});

const activeSortKeys: Record<'email' | 'createdAt', SQL | PgColumn> = {
  email: sql`lower(${unsubscribers.email})`,
  createdAt: unsubscribers.createdAt,
};
const removalSortKeys: Record<'email' | 'removedAt', SQL | PgColumn> = {
  email: sql`lower(${unsubscribers.email})`,
  removedAt: unsubscribers.removedAt,
};

/** One page of the environment's active unsubscribers, newest first unless another sort is asked. */
export async function unsubscriberPage(
  db: Database,
  environmentId: string,
  query: UnsubscribersQuery,
): Promise<UnsubscriberPage> {
  const { search, sort = 'createdAt', offset = 0, limit = pageSize } = query;
  const order = query.order ?? (sort === 'createdAt' ? 'DESC' : 'ASC');
  const where = and(
    eq(unsubscribers.environmentId, environmentId),
    isNull(unsubscribers.removedAt),
    containsText(search, unsubscribers.email),
  );
  const { rows, total } = await readPage(
    db
      .select(activeColumns)
      .from(unsubscribers)
      .where(where)
      .orderBy(...orderBy(activeSortKeys[sort], unsubscribers.id, order))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(unsubscribers).where(where),
  );
  return { data: rows.map(toUnsubscriber), total };
}

/** One page of the undone unsubscribes, most recently removed first unless another sort is asked. */
export async function removalPage(
  db: Database,
  environmentId: string,
  query: UnsubscriberRemovalsQuery,
): Promise<UnsubscriberRemovalPage> {
  const { search, sort = 'removedAt', offset = 0, limit = pageSize } = query;
  const order = query.order ?? (sort === 'removedAt' ? 'DESC' : 'ASC');
  const where = and(
    eq(unsubscribers.environmentId, environmentId),
    isNotNull(unsubscribers.removedAt),
    containsText(search, unsubscribers.email),
  );
  const { rows, total } = await readPage(
    db
      .select(removalColumns)
      .from(unsubscribers)
      .where(where)
      .orderBy(...orderBy(removalSortKeys[sort], unsubscribers.id, order))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(unsubscribers).where(where),
  );
  return { data: rows.map(toRemoval), total };
}

/** Unsubscribes an address globally; 409 naming `email` when it already is. */
export async function unsubscribe(
  db: Database,
  environmentId: string,
  userId: string,
  emailInput: string,
): Promise<Unsubscriber> {
  const email = requiredEmail(emailInput, 'email', 'Email');
  const [created] = await db
    .insert(unsubscribers)
    .values({ environmentId, email, createdByUserId: userId })
    .returning(activeColumns)
    .catch((error: unknown) => {
      if (violatesUniqueConstraint(error, 'unsubscribers_active_email_unique')) {
        throw new ApiError(409, alreadyUnsubscribedMessage, 'email');
      }
      throw error;
    });
  return toUnsubscriber(created);
}

/** Undoes a global unsubscribe with a required reason; `removedBy` defaults to the signed-in user. */
export async function undoUnsubscribe(
  db: Database,
  environmentId: string,
  id: string,
  by: { userId: string; username: string },
  input: { reason: string; removedBy?: string },
): Promise<UnsubscriberRemoval> {
  const reason = requiredText(input.reason, 'reason', 'Reden');
  const removedBy = input.removedBy?.trim() || by.username;
  const active = and(
    eq(unsubscribers.id, id),
    eq(unsubscribers.environmentId, environmentId),
    isNull(unsubscribers.removedAt),
  );
  const [removed] = await db
    .update(unsubscribers)
    .set({ removedAt: new Date(), removedBy, removedByUserId: by.userId, removalReason: reason })
    .where(and(active, isNull(unsubscribers.addressHash)))
    .returning(removalColumns);
  if (removed) return toRemoval(removed);
  // An erasure's entry keeps the erased address out (privacy/suppression.ts): only the person ends it.
  const [erased] = await db.select({ id: unsubscribers.id }).from(unsubscribers).where(active);
  if (erased) throw new ApiError(409, erasedEntryMessage);
  throw notFound('De uitschrijving');
}

/**
 * Records a global unsubscribe asked by the address's owner (the unsubscribe link of a delivered message):
 * nobody signed in made it, and an address that already is unsubscribed stays as it is.
 */
export async function unsubscribeByOwner(db: Database, environmentId: string, email: string): Promise<void> {
  await db.insert(unsubscribers).values({ environmentId, email }).onConflictDoNothing();
}

/** Whether the address is globally unsubscribed in the environment now (an unsubscribe link opened again). */
export async function isUnsubscribed(db: Database, environmentId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: unsubscribers.id })
    .from(unsubscribers)
    .where(
      and(
        eq(unsubscribers.environmentId, environmentId),
        sql`lower(${unsubscribers.email}) = lower(${email})`,
        isNull(unsubscribers.removedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
