import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageSize } from '../contract/paging';
import type {
  Subscriber,
  SubscriberInput,
  SubscriberPage,
  SubscriberSortField,
  SubscribersQuery,
} from '../contract/receivers';
import type { Database } from '../db/client';
import { violatesUniqueConstraint } from '../db/constraintViolation';
import { orderBy, readPage } from '../db/paging';
import { subscribers } from '../db/schema/receivers';
import { matchesPrefixQuery, prefixQuery } from '../db/textSearch';
import { ApiError, notFound } from '../errors';
import { findList } from './listRecords';
import {
  duplicateEmailMessage,
  findSubscriber,
  listSubscriberColumns,
  subscriberValues,
  toSubscriber,
} from './subscriberRecords';
import { deleteSubscriber, insertSubscriber } from './subscriberWrites';

// The subscribers of a manual list: a page of them searched by word prefixes, and the writes.

/** Sort keys, each backed by an index (list_id, key, id) so a page never sorts the whole list. */
const sortKeys: Record<SubscriberSortField, SQL | PgColumn> = {
  name: sql`lower(${subscribers.name})`,
  email: sql`lower(${subscribers.email})`,
  city: sql`lower(${subscribers.city})`,
  createdAt: subscribers.createdAt,
};

/**
 * One page of a list's subscribers (also of a deleted list). Without a search the total is the list's
 * kept subscriber count, so the first page of 100,000 subscribers never counts them all.
 */
export async function subscriberPage(
  db: Database,
  environmentId: string,
  listId: string,
  query: SubscribersQuery,
): Promise<SubscriberPage> {
  const { search, sort = 'name', order = 'ASC', offset = 0, limit = pageSize } = query;
  const list = await findList(db, environmentId, listId, { includeDeleted: true });
  const words = prefixQuery(search);
  const where = and(
    eq(subscribers.listId, list.id),
    words === undefined ? undefined : matchesPrefixQuery(subscribers.searchVector, words),
  );
  const { rows, total } = await readPage(
    db
      .select(listSubscriberColumns(environmentId))
      .from(subscribers)
      .where(where)
      .orderBy(...orderBy(sortKeys[sort], subscribers.id, order))
      .offset(offset)
      .limit(limit),
    words === undefined ? list.subscriberCount : db.select({ total: count() }).from(subscribers).where(where),
  );
  return { data: rows.map((row) => toSubscriber(row, list.title)), total };
}

/** A 409 naming `email` when the address is already in the list; other errors as they are. */
function emailTaken(error: unknown): unknown {
  return violatesUniqueConstraint(error, 'subscribers_list_email_unique')
    ? new ApiError(409, duplicateEmailMessage, 'email')
    : error;
}

/** Adds a subscriber to a (not deleted) list. */
export async function addSubscriber(
  db: Database,
  environmentId: string,
  listId: string,
  input: SubscriberInput,
): Promise<Subscriber> {
  const values = subscriberValues(input);
  const list = await findList(db, environmentId, listId);
  const createdId = await insertSubscriber(db, { ...values, listId: list.id }).catch((error: unknown) => {
    throw emailTaken(error);
  });
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
): Promise<void> {
  const existing = await findSubscriber(db, environmentId, listId, subscriberId);
  if (!(await deleteSubscriber(db, existing.listId, existing.id))) throw notFound('De ontvanger');
}
