import { and, eq, inArray, isNotNull, isNull, gt, or, sql } from 'drizzle-orm';
import { lockAddress } from '../bounces/undeliverable';
import type { Database } from '../db/client';
import { consentProofs, lists, pendingSignUps, signUpForms, subscribers, unsubscribers } from '../db/schema';
import { recordSubscriberAdded } from '../journeys/outbox';
import { resubscribedBy } from '../preferences/resubscribe';
import { addressHash, addressHashKey, normalisedAddress } from '../privacy/addressHash';

// Confirming a sign-up (the POST of the mailed link's 'Bevestigen'): one statement sets `confirmed_at`
// only while it is unset and the link has not expired, and only the transaction whose statement did joins
// the lists. Twenty confirmations at once wait on that row's lock; nineteen then find it confirmed and
// change nothing. Each list gets the subscriber (counted on the list, announced to journeys) unless the
// address is in it already, and a consent proof either way.
//
// The confirmation is the address owner's own act (the link went to that address), as the preference
// page's 'Opnieuw aanmelden' is: it also closes the address's active global unsubscribe and an erasure's
// suppression entry (matched by its keyed hash), recorded as undone by the unsubscriber themselves, so
// staff see it among the undone unsubscribes. The address's lock (taken before the confirming statement,
// as the preference page and the bounce rules take it) keeps a bounce or unsubscribe of the same address
// from interleaving.

/** Why the confirmation undid a global unsubscribe, as the unsubscribers' record of removals says it. */
export const signUpResubscribeReason = (formName: string) =>
  `Opnieuw aangemeld met het aanmeldformulier '${formName}', bevestigd met de link uit de e-mail.`;

export interface SignUpIds {
  environmentId: string;
  formId: string;
}

export interface PendingSignUp {
  id: string;
  email: string;
  lists: { id: string; title: string }[];
  confirmedAt: Date | null;
}

/** The pending sign-up a link names, while it has not expired; for the page that shows 'Bevestigen'. */
export async function findPendingSignUp(
  db: Database,
  ids: SignUpIds,
  pendingId: string,
  now: Date,
): Promise<PendingSignUp | undefined> {
  const [pending] = await db
    .select()
    .from(pendingSignUps)
    .where(
      and(
        eq(pendingSignUps.id, pendingId),
        eq(pendingSignUps.environmentId, ids.environmentId),
        eq(pendingSignUps.formId, ids.formId),
        gt(pendingSignUps.expiresAt, now),
      ),
    );
  if (!pending) return undefined;
  const chosen = pending.listIds.length
    ? await db
        .select({ id: lists.id, title: lists.title })
        .from(lists)
        .where(
          and(
            inArray(lists.id, pending.listIds),
            eq(lists.environmentId, ids.environmentId),
            eq(lists.isDeleted, false),
          ),
        )
    : [];
  return { id: pending.id, email: pending.email, lists: chosen, confirmedAt: pending.confirmedAt };
}

export type Confirmation = 'confirmed' | 'already-confirmed' | 'expired';

type SubscriberColumns = Omit<typeof subscribers.$inferInsert, 'listId' | 'email'>;

/** The subscriber's fields from the answers; the name falls back to the parts of the name, then the address. */
function subscriberFields(
  email: string,
  values: Record<string, string>,
): SubscriberColumns & { name: string } {
  const parts = [values.firstName, values.middleName, values.lastName].filter(Boolean).join(' ');
  return {
    name: values.name || parts || email,
    initials: values.initials ?? null,
    firstName: values.firstName ?? null,
    middleName: values.middleName ?? null,
    lastName: values.lastName ?? null,
    phoneNumber: values.phoneNumber ?? null,
    address: values.address ?? null,
    postalCode: values.postalCode ?? null,
    city: values.city ?? null,
    country: values.country ?? null,
  };
}

export async function confirmSignUp(
  db: Database,
  ids: SignUpIds,
  pendingId: string,
  now: Date,
): Promise<Confirmation> {
  const hashKey = await addressHashKey(db);
  return db.transaction(async (tx) => {
    const [named] = await tx
      .select({ email: pendingSignUps.email })
      .from(pendingSignUps)
      .where(and(eq(pendingSignUps.id, pendingId), eq(pendingSignUps.environmentId, ids.environmentId)));
    if (named) await lockAddress(tx, ids.environmentId, named.email);
    const [pending] = await tx
      .update(pendingSignUps)
      .set({ confirmedAt: now })
      .where(
        and(
          eq(pendingSignUps.id, pendingId),
          eq(pendingSignUps.environmentId, ids.environmentId),
          eq(pendingSignUps.formId, ids.formId),
          isNull(pendingSignUps.confirmedAt),
          gt(pendingSignUps.expiresAt, now),
        ),
      )
      .returning();
    if (!pending) {
      const [confirmed] = await tx
        .select({ id: pendingSignUps.id })
        .from(pendingSignUps)
        .where(
          and(
            eq(pendingSignUps.id, pendingId),
            eq(pendingSignUps.environmentId, ids.environmentId),
            isNotNull(pendingSignUps.confirmedAt),
          ),
        );
      return confirmed ? 'already-confirmed' : 'expired';
    }
    const open = pending.listIds.length
      ? await tx
          .select({ id: lists.id })
          .from(lists)
          .where(
            and(
              inArray(lists.id, pending.listIds),
              eq(lists.environmentId, ids.environmentId),
              eq(lists.isDeleted, false),
            ),
          )
      : [];
    const fields = subscriberFields(pending.email, pending.values);
    for (const { id: listId } of open) {
      const [inserted] = await tx
        .insert(subscribers)
        .values({ ...fields, listId, email: pending.email })
        .onConflictDoNothing()
        .returning({ id: subscribers.id });
      let subscriberId = inserted?.id;
      if (inserted) {
        await tx
          .update(lists)
          .set({ subscriberCount: sql`${lists.subscriberCount} + 1` })
          .where(eq(lists.id, listId));
        await recordSubscriberAdded(tx as unknown as Database, {
          environmentId: ids.environmentId,
          listId,
          subscriberId: inserted.id,
        });
      } else {
        const [existing] = await tx
          .select({ id: subscribers.id })
          .from(subscribers)
          .where(
            and(eq(subscribers.listId, listId), sql`lower(${subscribers.email}) = lower(${pending.email})`),
          );
        subscriberId = existing?.id;
      }
      if (!subscriberId) continue;
      await tx.insert(consentProofs).values({
        environmentId: ids.environmentId,
        subscriberId,
        listId,
        source: 'form',
        signedUpAt: pending.signedUpAt,
        confirmedAt: now,
        formId: pending.formId,
        consentTextId: pending.consentTextId,
        ipHash: pending.ipHash,
      });
    }
    if (open.length > 0) await closeUnsubscribes(tx as unknown as Database, hashKey, ids, pending.email, now);
    return 'confirmed';
  });
}

/** Undoes the address's active global unsubscribe and its erasure suppression, by the unsubscriber. */
async function closeUnsubscribes(
  tx: Database,
  hashKey: Buffer,
  ids: SignUpIds,
  email: string,
  now: Date,
): Promise<void> {
  const [form] = await tx
    .select({ name: signUpForms.name })
    .from(signUpForms)
    .where(eq(signUpForms.id, ids.formId));
  await tx
    .update(unsubscribers)
    .set({
      removedAt: now,
      removedBy: resubscribedBy,
      removalReason: signUpResubscribeReason(form?.name ?? ''),
    })
    .where(
      and(
        eq(unsubscribers.environmentId, ids.environmentId),
        isNull(unsubscribers.removedAt),
        or(
          sql`lower(trim(${unsubscribers.email})) = ${normalisedAddress(email)}`,
          eq(unsubscribers.addressHash, addressHash(hashKey, ids.environmentId, email)),
        ),
      ),
    );
}
