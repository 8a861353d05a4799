import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Audience, AudienceDetail, AudienceFilter, AudienceListDetail } from '../contract/receivers';
import type { Database } from '../db/client';
import { audienceListFilters, audienceLists, audiences, lists } from '../db/schema/receivers';
import { notFound } from '../errors';
import { countAudienceRecipients } from './audienceRecipients';
import { listColumns, toReceiverList } from './listRecords';

export const audienceColumns = {
  id: audiences.id,
  name: audiences.name,
  isDeleted: audiences.isDeleted,
  createdAt: audiences.createdAt,
};

export const toAudience = (row: {
  id: string;
  name: string;
  isDeleted: boolean;
  createdAt: Date;
}): Audience => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** The audience with this id in the environment, or a 404 (deleted ones only when asked). */
export async function findAudience(
  db: Database,
  environmentId: string,
  audienceId: string,
  { includeDeleted = false } = {},
): Promise<Audience> {
  const [row] = await db
    .select(audienceColumns)
    .from(audiences)
    .where(and(eq(audiences.id, audienceId), eq(audiences.environmentId, environmentId)))
    .limit(1);
  if (!row || (row.isDeleted && !includeDeleted)) throw notFound('De doelgroep');
  return toAudience(row);
}

/** An audience list (a list inside an audience) of the environment, with its audience and list; or a 404. */
export async function findAudienceList(db: Database, environmentId: string, audienceListId: string) {
  const [row] = await db
    .select({ id: audienceLists.id, audienceId: audienceLists.audienceId, listId: audienceLists.listId })
    .from(audienceLists)
    .innerJoin(audiences, eq(audiences.id, audienceLists.audienceId))
    .where(
      and(
        eq(audienceLists.id, audienceListId),
        eq(audiences.environmentId, environmentId),
        eq(audiences.isDeleted, false),
      ),
    )
    .limit(1);
  if (!row) throw notFound('De lijst in deze doelgroep');
  return row;
}

/** The audience with its lists (in the order they were added), each with its filters, and the recipient count. */
export async function loadAudienceDetail(
  db: Database,
  environmentId: string,
  audienceId: string,
): Promise<AudienceDetail> {
  const audience = await findAudience(db, environmentId, audienceId, { includeDeleted: true });
  const memberLists = await db
    .select({ audienceListId: audienceLists.id, ...listColumns })
    .from(audienceLists)
    .innerJoin(lists, eq(lists.id, audienceLists.listId))
    .where(eq(audienceLists.audienceId, audience.id))
    .orderBy(asc(audienceLists.createdAt), asc(audienceLists.id));
  const filters = memberLists.length
    ? await db
        .select({
          audienceListId: audienceListFilters.audienceListId,
          id: audienceListFilters.id,
          field: audienceListFilters.field,
          operator: audienceListFilters.operator,
          value: audienceListFilters.value,
        })
        .from(audienceListFilters)
        .where(
          inArray(
            audienceListFilters.audienceListId,
            memberLists.map((row) => row.audienceListId),
          ),
        )
        .orderBy(asc(audienceListFilters.createdAt), asc(audienceListFilters.id))
    : [];
  const recipientCount = await countAudienceRecipients(db, environmentId, audience.id);
  const detailLists: AudienceListDetail[] = memberLists.map(({ audienceListId, ...listRow }) => {
    const { id: listId, type: _type, createdAt: _createdAt, ...list } = toReceiverList(listRow);
    return {
      ...list,
      id: audienceListId,
      listId,
      filters: filters
        .filter((filter) => filter.audienceListId === audienceListId)
        .map(({ id, field, operator, value }) => ({ id, field, operator, value }) as AudienceFilter),
    };
  });
  return { ...audience, recipientCount, lists: detailLists };
}
