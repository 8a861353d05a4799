import { and, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { lockAddress } from '../bounces/undeliverable';
import type { Database } from '../db/client';
import { resubscribeRequests } from '../db/schema/preferences';
import { unsubscribers } from '../db/schema/receivers';
import { addressHash, addressHashKey, normalisedAddress } from '../privacy/addressHash';

// Undoing a global unsubscribe on the preference page (the other way is confirming a sign-up,
// signUp/confirmation.ts): the unsubscriber asks ('Opnieuw aanmelden'), which mails a confirmation link
// (one request row, one mail), and confirms with the button behind that link. Confirming closes the unsubscriber row (removed_at, by the unsubscriber
// themselves) and stamps the request (confirmed_at): once, however often or how many times at once the
// button is pressed, because both happen in one transaction that holds the address's lock and finds the
// unsubscribe still active. Both rows stay as the history staff see.

/** One confirmation mail per address per this many minutes; the page says a mail is on its way. */
export const resubscribeIntervalMinutes = 10;
/** And at most this many per address per day, so the page cannot be used to flood an inbox. */
export const resubscribeRequestsPerDay = 5;
/** A confirmation link works this long. */
export const confirmValidDays = 7;

/** Who undid it, and how, as the unsubscribers' record of removals says it. */
export const resubscribedBy = 'De afmelder zelf';
export const resubscribeReason =
  'Opnieuw aangemeld op de voorkeurenpagina, bevestigd met de link uit de e-mail.';

export type ResubscribeRequest =
  { outcome: 'requested'; requestId: number } | { outcome: 'notUnsubscribed' } | { outcome: 'tooSoon' };

/** The address's active global unsubscribe, if any. */
async function activeUnsubscribe(db: Database, environmentId: string, email: string) {
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
  return row;
}

/**
 * Records a request to be subscribed again, unless the address is not unsubscribed or asked too often
 * lately (then nothing is written). The caller mails the confirmation for the request it answers.
 */
export async function requestResubscribe(
  db: Database,
  environmentId: string,
  email: string,
  now: Date,
): Promise<ResubscribeRequest> {
  return db.transaction(async (tx) => {
    await lockAddress(tx, environmentId, email);
    const unsubscribe = await activeUnsubscribe(tx, environmentId, email);
    if (!unsubscribe) return { outcome: 'notUnsubscribed' } as const;
    const recent = await tx
      .select({ requestedAt: resubscribeRequests.requestedAt })
      .from(resubscribeRequests)
      .where(
        and(
          eq(resubscribeRequests.environmentId, environmentId),
          sql`lower(${resubscribeRequests.email}) = lower(${email})`,
          gt(resubscribeRequests.requestedAt, new Date(now.getTime() - 24 * 3_600_000)),
        ),
      )
      .orderBy(desc(resubscribeRequests.requestedAt))
      .limit(resubscribeRequestsPerDay);
    const intervalStart = now.getTime() - resubscribeIntervalMinutes * 60_000;
    if (
      recent.length >= resubscribeRequestsPerDay ||
      recent.some((row) => row.requestedAt.getTime() > intervalStart)
    )
      return { outcome: 'tooSoon' } as const;
    const [created] = await tx
      .insert(resubscribeRequests)
      .values({ environmentId, email, unsubscriberId: unsubscribe.id, requestedAt: now })
      .returning({ id: resubscribeRequests.id });
    return { outcome: 'requested', requestId: Number(created.id) } as const;
  });
}

/** The mail server accepted the request's confirmation mail. */
export async function markMailed(db: Database, requestId: number, now: Date): Promise<void> {
  await db.update(resubscribeRequests).set({ mailedAt: now }).where(eq(resubscribeRequests.id, requestId));
}

/** The confirmation mail could not be sent: the request goes, so the person may ask again at once. */
export async function dropRequest(db: Database, requestId: number): Promise<void> {
  await db.delete(resubscribeRequests).where(eq(resubscribeRequests.id, requestId));
}

export interface PendingConfirmation {
  email: string;
  /** Already confirmed, or the unsubscribe it was for is no longer active: nothing left to do. */
  done: boolean;
  expired: boolean;
}

/** What the confirmation link stands for (reading only); undefined for an unknown request. */
export async function confirmationOf(
  db: Database,
  environmentId: string,
  requestId: number,
  now: Date,
): Promise<PendingConfirmation | undefined> {
  const [row] = await db
    .select({
      email: resubscribeRequests.email,
      requestedAt: resubscribeRequests.requestedAt,
      confirmedAt: resubscribeRequests.confirmedAt,
      active: sql<boolean>`${unsubscribers.removedAt} IS NULL`,
    })
    .from(resubscribeRequests)
    .innerJoin(unsubscribers, eq(unsubscribers.id, resubscribeRequests.unsubscriberId))
    .where(and(eq(resubscribeRequests.id, requestId), eq(resubscribeRequests.environmentId, environmentId)));
  if (!row) return undefined;
  return {
    email: row.email,
    done: row.confirmedAt !== null || !row.active,
    expired: now.getTime() - row.requestedAt.getTime() > confirmValidDays * 86_400_000,
  };
}

export type ConfirmOutcome = 'confirmed' | 'alreadyDone' | 'expired' | 'unknown';

/**
 * Confirms a request: the global unsubscribe it points at is undone (by the unsubscriber, now) and the
 * request stamped, in one transaction under the address's lock; a second confirmation, at once or later,
 * finds nothing to do and writes nothing.
 */
export async function confirmResubscribe(
  db: Database,
  environmentId: string,
  requestId: number,
  now: Date,
): Promise<{ outcome: ConfirmOutcome; email?: string }> {
  const [request] = await db
    .select({ email: resubscribeRequests.email })
    .from(resubscribeRequests)
    .where(and(eq(resubscribeRequests.id, requestId), eq(resubscribeRequests.environmentId, environmentId)));
  if (!request) return { outcome: 'unknown' };
  const { email } = request;
  return db.transaction(async (tx) => {
    await lockAddress(tx, environmentId, email);
    const state = await confirmationOf(tx, environmentId, requestId, now);
    if (!state) return { outcome: 'unknown' as const };
    if (state.done) return { outcome: 'alreadyDone' as const, email };
    if (state.expired) return { outcome: 'expired' as const, email };
    const [stamped] = await tx
      .update(resubscribeRequests)
      .set({ confirmedAt: now })
      .where(and(eq(resubscribeRequests.id, requestId), isNull(resubscribeRequests.confirmedAt)))
      .returning({ unsubscriberId: resubscribeRequests.unsubscriberId });
    await tx
      .update(unsubscribers)
      .set({ removedAt: now, removedBy: resubscribedBy, removalReason: resubscribeReason })
      .where(and(eq(unsubscribers.id, stamped.unsubscriberId), isNull(unsubscribers.removedAt)));
    return { outcome: 'confirmed' as const, email };
  });
}

export interface Resubscription {
  unsubscribedAt: string;
  resubscribedAt: string;
}

/**
 * When the address unsubscribed globally and undid it itself, newest first (at most 20): the global
 * unsubscribes (and an erasure's suppression, matched by its keyed hash) that the address owner closed,
 * on the preference page or by confirming a sign-up.
 */
export async function resubscribeHistory(
  db: Database,
  environmentId: string,
  email: string,
): Promise<Resubscription[]> {
  const hash = addressHash(await addressHashKey(db), environmentId, email);
  const rows = await db
    .select({ unsubscribedAt: unsubscribers.createdAt, resubscribedAt: unsubscribers.removedAt })
    .from(unsubscribers)
    .where(
      and(
        eq(unsubscribers.environmentId, environmentId),
        or(
          sql`lower(trim(${unsubscribers.email})) = ${normalisedAddress(email)}`,
          eq(unsubscribers.addressHash, hash),
        ),
        isNotNull(unsubscribers.removedAt),
        // Staff's removals carry their user; only the owner's own act is 'by the unsubscriber'.
        eq(unsubscribers.removedBy, resubscribedBy),
        isNull(unsubscribers.removedByUserId),
      ),
    )
    .orderBy(desc(unsubscribers.removedAt))
    .limit(20);
  return rows.map((row) => ({
    unsubscribedAt: row.unsubscribedAt.toISOString(),
    resubscribedAt: row.resubscribedAt!.toISOString(),
  }));
}
