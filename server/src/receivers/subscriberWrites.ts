import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { lists, subscribers } from '../db/schema/receivers';
import { recordSubscriberAdded } from '../journeys/outbox';
import { qualifiedColumn } from './qualifiedColumn';
import { deleteSubscriberEvents } from '../analytics/rollup';
import { recordStaffConsent } from '../signUp/consentProofs';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';

type NewSubscriber = typeof subscribers.$inferInsert;

/**
 * Adds a subscriber and counts it on its list, in one transaction with the journeys' event (a journey may
 * start on it) and the consent proof naming the user who added it; answers the new id.
 */
export async function insertSubscriber(
  db: Database,
  environmentId: string,
  values: NewSubscriber,
  addedBy: { userId: string | null } = { userId: null },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(subscribers).values(values).returning({ id: subscribers.id });
    await tx
      .update(lists)
      .set({ subscriberCount: sql`${lists.subscriberCount} + 1` })
      .where(eq(lists.id, values.listId));
    await recordSubscriberAdded(tx, { environmentId, listId: values.listId, subscriberId: created.id });
    await recordStaffConsent(tx, {
      environmentId,
      subscriberId: created.id,
      listId: values.listId,
      userId: addedBy.userId,
      now: new Date(),
    });
    return created.id;
  });
}

/**
 * Removes a subscriber of a list and uncounts it, in one transaction with its Logboek entry (the list's
 * name and the subscriber's id, never the address); answers whether it existed.
 */
export async function deleteSubscriber(
  db: Database,
  list: { environmentId: string; id: string; title: string },
  subscriberId: string,
  actor: LogActor,
): Promise<boolean> {
  const listId = list.id;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(subscribers)
      .where(and(eq(subscribers.id, subscriberId), eq(subscribers.listId, listId)))
      .returning({ id: subscribers.id });
    if (removed.length === 0) return false;
    // Their opens and clicks go too; the counts stay (rolled up first).
    await deleteSubscriberEvents(tx, subscriberId);
    await tx
      .update(lists)
      .set({ subscriberCount: sql`${lists.subscriberCount} - 1` })
      .where(eq(lists.id, listId));
    await recordInLog(tx, {
      environmentId: list.environmentId,
      actor,
      kind: 'subscriber.deleted',
      resource: { type: 'subscriber', id: subscriberId, label: list.title },
    });
    return true;
  });
}

/** Sets the subscriber count of the given lists (all when none are given) from the rows; for bulk loads. */
export async function recountSubscribers(db: Database, listIds?: readonly string[]): Promise<void> {
  const counted = sql`(SELECT count(*)::int FROM ${subscribers} WHERE ${qualifiedColumn(subscribers.listId)} = ${qualifiedColumn(lists.id)})`;
  await db
    .update(lists)
    .set({ subscriberCount: counted })
    .where(listIds ? inArray(lists.id, [...listIds]) : undefined);
}
