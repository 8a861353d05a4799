import { and, asc, eq, not, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import {
  audienceListFilters,
  audienceLists,
  audiences,
  lists,
  subscribers,
  unsubscribers,
} from '../db/schema/receivers';
import { passesAllFilters, type FilterDefinition } from './filterPredicate';
import { qualifiedColumn } from './qualifiedColumn';

// Who an audience reaches: each (not deleted) list's subscribers passing all of that list's filters,
// united over the lists, one per e-mail address (case-insensitive), without the addresses that are
// globally unsubscribed in the environment. An audience of another environment reaches nobody.
//
// The audience's definition (its lists and their filters, a few rows) is read first; the recipients are
// then counted or selected in one query whose filters are plain conditions on the subscribers' columns,
// so the database scans each list once through its index instead of evaluating a filter subquery for
// every subscriber (about 10x faster on 100,000 subscribers).

interface AudienceListDefinition {
  listId: string;
  filters: FilterDefinition[];
}

/** The audience's lists (same environment, not deleted; in the order they were added) with their filters. */
async function audienceDefinition(
  db: Database,
  environmentId: string,
  audienceId: string,
): Promise<AudienceListDefinition[]> {
  const rows = await db
    .select({
      audienceListId: audienceLists.id,
      listId: audienceLists.listId,
      field: audienceListFilters.field,
      operator: audienceListFilters.operator,
      value: audienceListFilters.value,
    })
    .from(audienceLists)
    .innerJoin(audiences, eq(audiences.id, audienceLists.audienceId))
    .innerJoin(
      lists,
      and(
        eq(lists.id, audienceLists.listId),
        eq(lists.environmentId, environmentId),
        eq(lists.isDeleted, false),
      ),
    )
    .leftJoin(audienceListFilters, eq(audienceListFilters.audienceListId, audienceLists.id))
    .where(and(eq(audiences.id, audienceId), eq(audiences.environmentId, environmentId)))
    .orderBy(asc(audienceLists.createdAt), asc(audienceLists.id));
  const byAudienceList = new Map<string, AudienceListDefinition>();
  for (const row of rows) {
    const definition = byAudienceList.get(row.audienceListId) ?? { listId: row.listId, filters: [] };
    byAudienceList.set(row.audienceListId, definition);
    if (row.field !== null && row.operator !== null && row.value !== null) {
      definition.filters.push({ field: row.field, operator: row.operator, value: row.value });
    }
  }
  return [...byAudienceList.values()];
}

/** `address` is globally unsubscribed in the environment (an active, not removed, unsubscribe). */
function isUnsubscribed(environmentId: string, address: SQL): SQL {
  return sql`EXISTS (
    SELECT 1 FROM ${unsubscribers}
    WHERE ${qualifiedColumn(unsubscribers.environmentId)} = ${environmentId}
      AND ${qualifiedColumn(unsubscribers.removedAt)} IS NULL
      AND lower(${qualifiedColumn(unsubscribers.email)}) = ${address}
  )`;
}

/** The subscribers of one list that pass its filters. */
function listCondition({ listId, filters }: AudienceListDefinition): SQL {
  return and(sql`${qualifiedColumn(subscribers.listId)} = ${listId}`, passesAllFilters(filters)) as SQL;
}

const lowerEmail = sql`lower(${qualifiedColumn(subscribers.email)})`;

/** The number of distinct recipients of an audience (its definition, then one counting query). */
export async function countAudienceRecipients(
  db: Database,
  environmentId: string,
  audienceId: string,
): Promise<number> {
  const definition = await audienceDefinition(db, environmentId, audienceId);
  if (definition.length === 0) return 0;
  const counted = { count: sql<number>`count(*)::int` };
  // Within one list an address occurs once (unique index), so only several lists need deduplication.
  if (definition.length === 1) {
    const [row] = await db
      .select(counted)
      .from(subscribers)
      .where(and(listCondition(definition[0]), not(isUnsubscribed(environmentId, lowerEmail))));
    return Number(row.count);
  }
  const [first, second, ...rest] = definition.map((list) =>
    db
      .select({ address: sql<string>`${lowerEmail}`.as('address') })
      .from(subscribers)
      .where(listCondition(list)),
  );
  const recipients = union(first, second, ...rest).as('recipients');
  const [row] = await db
    .select(counted)
    .from(recipients)
    .where(not(isUnsubscribed(environmentId, sql`${recipients.address}`)));
  return Number(row.count);
}

/** One recipient of an audience: the subscriber record that represents the address. */
export interface AudienceRecipient {
  subscriberId: string;
  listId: string;
  email: string;
  name: string;
  initials: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  isOrganization: boolean;
}

/**
 * The recipients of an audience, one per address (the set `countAudienceRecipients` counts), ordered
 * by address. When an address is in several lists, the subscriber of the list added to the audience
 * first represents it. Meant for delivery, which must never reach a global unsubscriber.
 */
export async function selectAudienceRecipients(
  db: Database,
  environmentId: string,
  audienceId: string,
): Promise<AudienceRecipient[]> {
  const definition = await audienceDefinition(db, environmentId, audienceId);
  if (definition.length === 0) return [];
  const listOrder = sql.join(
    definition.map((list, index) => sql`WHEN ${list.listId} THEN ${index}`),
    sql` `,
  );
  return db
    .selectDistinctOn([lowerEmail], {
      subscriberId: subscribers.id,
      listId: subscribers.listId,
      email: subscribers.email,
      name: subscribers.name,
      initials: subscribers.initials,
      firstName: subscribers.firstName,
      middleName: subscribers.middleName,
      lastName: subscribers.lastName,
      isOrganization: subscribers.isOrganization,
    })
    .from(subscribers)
    .where(
      and(
        sql`(${sql.join(definition.map(listCondition), sql` OR `)})`,
        sql`NOT ${isUnsubscribed(environmentId, lowerEmail)}`,
      ),
    )
    .orderBy(lowerEmail, sql`CASE ${qualifiedColumn(subscribers.listId)} ${listOrder} END`);
}

/**
 * Every subscriber the audience's lists and filters reach, as a SELECT for a delivery to insert from, in
 * address order: `subscriber_id`, `email`, `merge_values` (jsonb of the recipient merge fields that have
 * a value), `unsubscribed` (the address is globally unsubscribed) and `duplicate` (an earlier row has the
 * same address: the first list added to the audience represents it, as in `selectAudienceRecipients`).
 * Undefined when the audience reaches no list.
 */
export async function audienceAddressesQuery(
  db: Database,
  environmentId: string,
  audienceId: string,
  mergeColumns: Record<string, SQL>,
): Promise<SQL | undefined> {
  const definition = await audienceDefinition(db, environmentId, audienceId);
  if (definition.length === 0) return undefined;
  const listOrder = sql.join(
    definition.map((list, index) => sql`WHEN ${list.listId} THEN ${index}`),
    sql` `,
  );
  const mergeValues = sql.join(
    Object.entries(mergeColumns).map(([name, column]) => sql`${name}::text, ${column}`),
    sql`, `,
  );
  return sql`
    SELECT ${qualifiedColumn(subscribers.id)} AS subscriber_id,
           ${qualifiedColumn(subscribers.email)} AS email,
           jsonb_strip_nulls(jsonb_build_object(${mergeValues})) AS merge_values,
           ${isUnsubscribed(environmentId, lowerEmail)} AS unsubscribed,
           row_number() OVER (
             PARTITION BY ${lowerEmail}
             ORDER BY CASE ${qualifiedColumn(subscribers.listId)} ${listOrder} END, ${qualifiedColumn(subscribers.id)}
           ) > 1 AS duplicate
    FROM ${subscribers}
    WHERE (${sql.join(definition.map(listCondition), sql` OR `)})
    ORDER BY ${lowerEmail}, CASE ${qualifiedColumn(subscribers.listId)} ${listOrder} END`;
}
