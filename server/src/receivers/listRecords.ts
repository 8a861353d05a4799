import { and, eq } from 'drizzle-orm';
import { attributeNumbers, type AttributeNumber, type ReceiverList } from '../contract/receivers';
import type { Database } from '../db/client';
import { lists } from '../db/schema/receivers';
import { notFound } from '../errors';

/** The columns of a list as the API answers them (ReceiverList). */
export const listColumns = {
  id: lists.id,
  title: lists.title,
  type: lists.type,
  isDeleted: lists.isDeleted,
  isTest: lists.isTest,
  isPublic: lists.isPublic,
  attributeLabel1: lists.attributeLabel1,
  attributeLabel2: lists.attributeLabel2,
  attributeLabel3: lists.attributeLabel3,
  attributeLabel4: lists.attributeLabel4,
  attributeLabel5: lists.attributeLabel5,
  attributeLabel6: lists.attributeLabel6,
  attributeLabel7: lists.attributeLabel7,
  attributeLabel8: lists.attributeLabel8,
  attributeLabel9: lists.attributeLabel9,
  subscriberCount: lists.subscriberCount,
  createdAt: lists.createdAt,
};

/** A row selected with `listColumns`. */
type ListRow = Omit<ReceiverList, 'type' | 'createdAt'> & { type: string; createdAt: Date };

/** A list row as the contract spells it (dates as ISO text, type narrowed). */
export function toReceiverList(row: ListRow): ReceiverList {
  return {
    ...row,
    type: 'ManualList',
    subscriberCount: Number(row.subscriberCount),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The label of attribute `n` of a list, or null when it is not set. */
export function attributeLabel(
  list: Pick<ReceiverList, `attributeLabel${AttributeNumber}`>,
  n: AttributeNumber,
): string | null {
  return list[`attributeLabel${n}`];
}

/** The attribute numbers a list has a label for. */
export function labelledAttributes(
  list: Pick<ReceiverList, `attributeLabel${AttributeNumber}`>,
): AttributeNumber[] {
  return attributeNumbers.filter((n) => attributeLabel(list, n) !== null);
}

export interface FindListOptions {
  /** Whether a deleted list is found too (reads); writes treat a deleted list as gone. */
  includeDeleted?: boolean;
}

/** The list with this id in the environment, or a 404 (also for another environment's list). */
export async function findList(
  db: Database,
  environmentId: string,
  listId: string,
  { includeDeleted = false }: FindListOptions = {},
): Promise<ReceiverList> {
  const [row] = await db
    .select(listColumns)
    .from(lists)
    .where(and(eq(lists.id, listId), eq(lists.environmentId, environmentId)))
    .limit(1);
  if (!row || (row.isDeleted && !includeDeleted)) throw notFound('De lijst');
  return toReceiverList(row);
}
