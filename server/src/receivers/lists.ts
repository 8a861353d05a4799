import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageSize } from '../contract/paging';
import {
  attributeNumbers,
  type ListAttributesBody,
  type ListSortField,
  type ListsQuery,
  type ReceiverList,
} from '../contract/receivers';
import type { Database } from '../db/client';
import { orderBy, readPage } from '../db/paging';
import { lists } from '../db/schema/receivers';
import { containsText } from '../db/textSearch';
import { badRequest } from '../errors';
import { optionalText, requiredText } from '../http/inputText';
import { findList, listColumns, toReceiverList } from './listRecords';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';

// Manual lists: a page of the environment's lists, and the writes. Deleting only marks a list.

const sortKeys: Record<ListSortField, SQL | PgColumn> = {
  title: sql`lower(${lists.title})`,
  createdAt: lists.createdAt,
  subscriberCount: lists.subscriberCount,
};

/** One page of the environment's lists and the number of matches (deleted ones unless filtered). */
export async function listPage(
  db: Database,
  environmentId: string,
  query: ListsQuery,
): Promise<{ data: ReceiverList[]; total: number }> {
  const { search, sort = 'title', order = 'ASC', offset = 0, limit = pageSize, isDeleted, isPublic } = query;
  const where = and(
    eq(lists.environmentId, environmentId),
    isDeleted === undefined ? undefined : eq(lists.isDeleted, isDeleted),
    isPublic === undefined ? undefined : eq(lists.isPublic, isPublic),
    containsText(search, lists.title),
  );
  const { rows, total } = await readPage(
    db
      .select(listColumns)
      .from(lists)
      .where(where)
      .orderBy(...orderBy(sortKeys[sort], lists.id, order))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(lists).where(where),
  );
  return { data: rows.map(toReceiverList), total };
}

/** Creates a manual list with a required title. */
export async function createList(db: Database, environmentId: string, title: string): Promise<ReceiverList> {
  const [created] = await db
    .insert(lists)
    .values({ environmentId, title: requiredText(title, 'title', 'Naam') })
    .returning({ id: lists.id });
  return findList(db, environmentId, created.id);
}

/** Renames a list and sets its test and public flags (unchanged when left out); 404 for a deleted list. */
export async function updateList(
  db: Database,
  environmentId: string,
  listId: string,
  changes: { title: string; isTest?: boolean; isPublic?: boolean },
): Promise<ReceiverList> {
  const title = requiredText(changes.title, 'title', 'Naam');
  const list = await findList(db, environmentId, listId);
  await db
    .update(lists)
    .set({ title, isTest: changes.isTest ?? list.isTest, isPublic: changes.isPublic ?? list.isPublic })
    .where(eq(lists.id, list.id));
  return findList(db, environmentId, list.id);
}

/** Sets the nine attribute labels (missing or blank clears one); labels must be unique ignoring case. */
export async function setAttributeLabels(
  db: Database,
  environmentId: string,
  listId: string,
  body: ListAttributesBody,
): Promise<ReceiverList> {
  const labels = attributeNumbers.map((n) => optionalText(body[`AttributeLabel${n}`]));
  const seen = new Set<string>();
  labels.forEach((label, index) => {
    if (label === null) return;
    const key = label.toLowerCase();
    if (seen.has(key))
      throw badRequest(
        `AttributeLabel${index + 1}`,
        `Het label '${label}' komt al voor; de velden van een lijst moeten uniek zijn.`,
      );
    seen.add(key);
  });
  const list = await findList(db, environmentId, listId);
  const values = Object.fromEntries(attributeNumbers.map((n) => [`attributeLabel${n}`, labels[n - 1]]));
  await db.update(lists).set(values).where(eq(lists.id, list.id));
  return findList(db, environmentId, list.id);
}

/** Marks a list deleted: it leaves every audience count and pickers; its reads keep working. */
export async function deleteList(
  db: Database,
  environmentId: string,
  listId: string,
  actor: LogActor,
): Promise<void> {
  const list = await findList(db, environmentId, listId);
  await db.transaction(async (tx) => {
    await tx.update(lists).set({ isDeleted: true }).where(eq(lists.id, list.id));
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: 'list.deleted',
      resource: { type: 'list', id: list.id, label: list.title },
      rowCount: list.subscriberCount,
    });
  });
}
