import { recordInLog, type LogActor } from '../auditLog/recordInLog';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { pageSize } from '../contract/paging';
import type {
  AttributeNumber,
  Audience,
  AudienceFilter,
  AudienceFilterInput,
  AudienceListDetail,
  AudiencesQuery,
} from '../contract/receivers';
import type { Database } from '../db/client';
import { violatesUniqueConstraint } from '../db/constraintViolation';
import { orderBy, readPage } from '../db/paging';
import { audienceListFilters, audienceLists, audiences } from '../db/schema/receivers';
import { containsText } from '../db/textSearch';
import { ApiError, badRequest, notFound } from '../errors';
import { requiredText } from '../http/inputText';
import { audienceColumns, findAudience, findAudienceList, toAudience } from './audienceRecords';
import { attributeLabel, findList } from './listRecords';

// Audiences: lists, each narrowed by its own filters. A page of them, and the writes; deleting an
// audience only marks it.

const sortKeys: Record<'name' | 'createdAt', SQL | PgColumn> = {
  name: sql`lower(${audiences.name})`,
  createdAt: audiences.createdAt,
};

/** One page of the environment's audiences (deleted ones unless filtered) and the number of matches. */
export async function audiencePage(
  db: Database,
  environmentId: string,
  query: AudiencesQuery,
): Promise<{ data: Audience[]; total: number }> {
  const { search, sort = 'name', order = 'ASC', offset = 0, limit = pageSize, isDeleted } = query;
  const where = and(
    eq(audiences.environmentId, environmentId),
    isDeleted === undefined ? undefined : eq(audiences.isDeleted, isDeleted),
    containsText(search, audiences.name),
  );
  const { rows, total } = await readPage(
    db
      .select(audienceColumns)
      .from(audiences)
      .where(where)
      .orderBy(...orderBy(sortKeys[sort], audiences.id, order))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(audiences).where(where),
  );
  return { data: rows.map(toAudience), total };
}

/** Creates an audience with a required name; answers its id. */
export async function createAudience(
  db: Database,
  environmentId: string,
  nameInput: string,
): Promise<string> {
  const name = requiredText(nameInput, 'name', 'Naam');
  const [created] = await db
    .insert(audiences)
    .values({ environmentId, name })
    .returning({ id: audiences.id });
  return created.id;
}

/** Renames an audience (not a deleted one). */
export async function renameAudience(
  db: Database,
  environmentId: string,
  audienceId: string,
  nameInput: string,
): Promise<Audience> {
  const name = requiredText(nameInput, 'name', 'Naam');
  const audience = await findAudience(db, environmentId, audienceId);
  const [updated] = await db
    .update(audiences)
    .set({ name })
    .where(eq(audiences.id, audience.id))
    .returning(audienceColumns);
  return toAudience(updated);
}

/** Marks an audience deleted: it is no longer offered for deliveries. */
export async function deleteAudience(
  db: Database,
  environmentId: string,
  audienceId: string,
  actor: LogActor,
): Promise<void> {
  const audience = await findAudience(db, environmentId, audienceId);
  await db.transaction(async (tx) => {
    await tx.update(audiences).set({ isDeleted: true }).where(eq(audiences.id, audience.id));
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: 'audience.deleted',
      resource: { type: 'audience', id: audience.id, label: audience.name },
    });
  });
}

/** Adds a (not deleted) list of the environment to the audience; 409 when it is already in it. */
export async function addAudienceList(
  db: Database,
  environmentId: string,
  audienceId: string,
  listId: string,
): Promise<AudienceListDetail> {
  const audience = await findAudience(db, environmentId, audienceId);
  const list = await findList(db, environmentId, listId, { includeDeleted: true });
  if (list.isDeleted)
    throw badRequest('listId', 'Een verwijderde lijst kan niet aan een doelgroep worden toegevoegd.');
  const [created] = await db
    .insert(audienceLists)
    .values({ audienceId: audience.id, listId: list.id })
    .returning({ id: audienceLists.id })
    .catch((error: unknown) => {
      if (violatesUniqueConstraint(error, 'audience_lists_audience_list_unique')) {
        throw new ApiError(409, 'Deze lijst hoort al bij de doelgroep.', 'listId');
      }
      throw error;
    });
  const { id: addedListId, type: _type, createdAt: _createdAt, ...listFields } = list;
  return { ...listFields, id: created.id, listId: addedListId, filters: [] };
}

/** Removes a list (with its filters) from its audience. */
export async function removeAudienceList(
  db: Database,
  environmentId: string,
  audienceListId: string,
): Promise<void> {
  const audienceList = await findAudienceList(db, environmentId, audienceListId);
  await db.delete(audienceLists).where(eq(audienceLists.id, audienceList.id));
}

/** Adds a filter to a list of an audience; attribute1..9 only when the list has that label. */
export async function addAudienceFilter(
  db: Database,
  environmentId: string,
  audienceListId: string,
  input: AudienceFilterInput,
): Promise<AudienceFilter> {
  const { field, operator } = input;
  const value = requiredText(input.value, 'value', 'Waarde');
  const audienceList = await findAudienceList(db, environmentId, audienceListId);
  const attribute = /^attribute([1-9])$/.exec(field);
  if (attribute) {
    const list = await findList(db, environmentId, audienceList.listId, { includeDeleted: true });
    if (attributeLabel(list, Number(attribute[1]) as AttributeNumber) === null) {
      throw badRequest(
        'field',
        `De lijst '${list.title}' heeft geen label ${attribute[1]}; kies een ander veld.`,
      );
    }
  }
  const [created] = await db
    .insert(audienceListFilters)
    .values({ audienceListId: audienceList.id, field, operator, value })
    .returning({
      id: audienceListFilters.id,
      field: audienceListFilters.field,
      operator: audienceListFilters.operator,
      value: audienceListFilters.value,
    });
  return { ...created, field, operator };
}

/** Removes a filter from a list of an audience. */
export async function removeAudienceFilter(
  db: Database,
  environmentId: string,
  audienceListId: string,
  filterId: string,
): Promise<void> {
  const audienceList = await findAudienceList(db, environmentId, audienceListId);
  const [removed] = await db
    .delete(audienceListFilters)
    .where(and(eq(audienceListFilters.id, filterId), eq(audienceListFilters.audienceListId, audienceList.id)))
    .returning({ id: audienceListFilters.id });
  if (!removed) throw notFound('Het filter');
}
