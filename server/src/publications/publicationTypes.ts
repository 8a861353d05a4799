import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { PublicationType, PublicationTypesQuery } from '../contract/publications';
import type { Database } from '../db/client';
import { publicationRepeatableGroups, publicationTemplates, publicationTypes } from '../db/schema';
import { notFound } from '../errors';
import { pageSize } from '../contract/paging';
import { orderBy, readPage } from '../db/paging';
import { containsText } from '../db/textSearch';

export interface PublicationTypeList {
  data: PublicationType[];
  total: number;
}

/** The environment's publication types, each with its templates and repeatable groups in their order. */
export async function listPublicationTypes(
  db: Database,
  environmentId: string,
  query: PublicationTypesQuery,
): Promise<PublicationTypeList> {
  const offset = query.offset ?? 0;
  const where = and(
    eq(publicationTypes.environmentId, environmentId),
    containsText(query.search, publicationTypes.name),
  );
  const { rows, total } = await readPage(
    db
      .select({ id: publicationTypes.id, name: publicationTypes.name })
      .from(publicationTypes)
      .where(where)
      .orderBy(
        ...orderBy(
          query.sort === 'id' ? publicationTypes.id : sql`lower(${publicationTypes.name})`,
          publicationTypes.id,
          query.order ?? 'ASC',
        ),
      )
      .offset(offset)
      .limit(query.limit ?? pageSize),
    db.select({ total: count() }).from(publicationTypes).where(where),
  );
  return { data: await withParts(db, rows), total };
}

/** One publication type of the environment; 404 for an unknown id or another environment's type. */
export async function getPublicationType(
  db: Database,
  environmentId: string,
  id: string,
): Promise<PublicationType> {
  const rows = await db
    .select({ id: publicationTypes.id, name: publicationTypes.name })
    .from(publicationTypes)
    .where(and(eq(publicationTypes.id, id), eq(publicationTypes.environmentId, environmentId)));
  const [type] = await withParts(db, rows);
  if (!type) throw notFound('Het publicatietype');
  return type;
}

/** The repeatable group `blockType` of a type with its field definitions, or undefined when the type has no such group. */
export async function findRepeatableGroup(db: Database, publicationTypeId: string, blockType: string) {
  const [group] = await db
    .select({
      type: publicationRepeatableGroups.type,
      name: publicationRepeatableGroups.name,
      fields: publicationRepeatableGroups.fields,
    })
    .from(publicationRepeatableGroups)
    .where(
      and(
        eq(publicationRepeatableGroups.publicationTypeId, publicationTypeId),
        eq(publicationRepeatableGroups.type, blockType),
      ),
    );
  return group;
}

/** Adds templates and repeatable groups (with their field definitions) to type rows (two queries for any number of types). */
async function withParts(
  db: Database,
  types: ReadonlyArray<{ id: string; name: string }>,
): Promise<PublicationType[]> {
  if (types.length === 0) return [];
  const ids = types.map((type) => type.id);
  const [templates, groups] = await Promise.all([
    db
      .select({
        id: publicationTemplates.id,
        name: publicationTemplates.name,
        typeId: publicationTemplates.publicationTypeId,
      })
      .from(publicationTemplates)
      .where(inArray(publicationTemplates.publicationTypeId, ids))
      .orderBy(asc(publicationTemplates.position), asc(publicationTemplates.name)),
    db
      .select({
        type: publicationRepeatableGroups.type,
        name: publicationRepeatableGroups.name,
        fields: publicationRepeatableGroups.fields,
        typeId: publicationRepeatableGroups.publicationTypeId,
      })
      .from(publicationRepeatableGroups)
      .where(inArray(publicationRepeatableGroups.publicationTypeId, ids))
      .orderBy(asc(publicationRepeatableGroups.position), asc(publicationRepeatableGroups.name)),
  ]);
  return types.map((type) => ({
    id: type.id,
    name: type.name,
    templates: templates
      .filter((template) => template.typeId === type.id)
      .map(({ id, name }) => ({ id, name })),
    repeatableGroups: groups
      .filter((group) => group.typeId === type.id)
      .map(({ type: key, name, fields }) => ({ type: key, name, fields })),
  }));
}
