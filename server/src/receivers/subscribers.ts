import { eq } from 'drizzle-orm';
import type { Subscriber, SubscriberInput } from '../contract/receivers';
import type { Database } from '../db/client';
import { violatesUniqueConstraint } from '../db/constraintViolation';
import { subscribers } from '../db/schema/receivers';
import { ApiError, notFound } from '../errors';
import { suppressionOf } from '../privacy/suppression';
import { findList } from './listRecords';
import type { LogActor } from '../auditLog/recordInLog';
import { duplicateEmailMessage, findSubscriber, subscriberValues } from './subscriberRecords';
import { deleteSubscriber, insertSubscriber } from './subscriberWrites';

// The writes to the subscribers of a manual list (their page is read in subscriberPage.ts).

/** A 409 naming `email` when the address is already in the list; other errors as they are. */
function emailTaken(error: unknown): unknown {
  return violatesUniqueConstraint(error, 'subscribers_list_email_unique')
    ? new ApiError(409, duplicateEmailMessage, 'email')
    : error;
}

/**
 * A 409 naming `email` when the address may not be added: it unsubscribed from everything, or the person
 * had their data erased (privacy/suppression.ts). Only the person can undo either.
 */
async function refuseSuppressed(db: Database, environmentId: string, email: string): Promise<void> {
  const refusal = await suppressionOf(db, environmentId, email);
  if (refusal) throw new ApiError(409, refusal, 'email');
}

/** Adds a subscriber to a (not deleted) list; its consent proof names the user who added it. */
export async function addSubscriber(
  db: Database,
  environmentId: string,
  listId: string,
  input: SubscriberInput,
  addedBy: { userId: string | null } = { userId: null },
): Promise<Subscriber> {
  const values = subscriberValues(input);
  const list = await findList(db, environmentId, listId);
  await refuseSuppressed(db, environmentId, values.email);
  const createdId = await insertSubscriber(db, environmentId, { ...values, listId: list.id }, addedBy).catch(
    (error: unknown) => {
      throw emailTaken(error);
    },
  );
  return findSubscriber(db, environmentId, list.id, createdId);
}

/** Replaces every field of a subscriber. */
export async function updateSubscriber(
  db: Database,
  environmentId: string,
  listId: string,
  subscriberId: string,
  input: SubscriberInput,
): Promise<Subscriber> {
  const values = subscriberValues(input);
  const existing = await findSubscriber(db, environmentId, listId, subscriberId);
  if (existing.email.toLowerCase() !== values.email.toLowerCase())
    await refuseSuppressed(db, environmentId, values.email);
  await db
    .update(subscribers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscribers.id, existing.id))
    .catch((error: unknown) => {
      throw emailTaken(error);
    });
  return findSubscriber(db, environmentId, listId, subscriberId);
}

/** Removes a subscriber from its list (and from the list's count). */
export async function removeSubscriber(
  db: Database,
  environmentId: string,
  listId: string,
  subscriberId: string,
  actor: LogActor,
): Promise<void> {
  const existing = await findSubscriber(db, environmentId, listId, subscriberId);
  const list = await findList(db, environmentId, existing.listId, { includeDeleted: true });
  if (!(await deleteSubscriber(db, { environmentId, id: list.id, title: list.title }, existing.id, actor)))
    throw notFound('De ontvanger');
}
