import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tag, TaggableEntity } from '../contract/media';
import type { Database } from '../db/client';
import { tags } from '../db/schema/media';
import { badRequest, notFound } from '../errors';
import { fileTagEntity } from './fileRecords';
import { findFile } from './files';

export const maxTagLength = 100;

/** Checks that the tagged entity exists in the environment (404 otherwise). */
export async function assertTaggableExists(
  db: Database,
  environmentId: string,
  entity: TaggableEntity,
  entityId: string,
): Promise<void> {
  if (entity === fileTagEntity) await findFile(db, environmentId, entityId);
}

/** The entity's tags, by name. */
export async function listTags(
  db: Database,
  environmentId: string,
  entity: TaggableEntity,
  entityId: string,
): Promise<Tag[]> {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.environmentId, environmentId), eq(tags.entity, entity), eq(tags.entityId, entityId)))
    .orderBy(asc(sql`lower(${tags.name})`));
}

/** Validates a tag name: trimmed, not empty, at most 100 characters. */
export function validateTagName(raw: string | undefined): string {
  const name = (raw ?? '').trim();
  if (name === '') throw badRequest('tagName', 'Tagnaam is verplicht.');
  if (name.length > maxTagLength)
    throw badRequest('tagName', `Tagnaam mag hoogstens ${maxTagLength} tekens lang zijn.`);
  return name;
}

/**
 * Adds a tag; when the entity already has one with this name (ignoring case) that tag is returned
 * and nothing is added (`created` false).
 */
export async function addTag(
  db: Database,
  environmentId: string,
  entity: TaggableEntity,
  entityId: string,
  name: string,
): Promise<{ tag: Tag; created: boolean }> {
  const inserted = await db
    .insert(tags)
    .values({ environmentId, entity, entityId, name })
    .onConflictDoNothing()
    .returning({ id: tags.id, name: tags.name });
  if (inserted[0]) return { tag: inserted[0], created: true };
  const [existing] = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(
      and(
        eq(tags.environmentId, environmentId),
        eq(tags.entity, entity),
        eq(tags.entityId, entityId),
        sql`lower(${tags.name}) = lower(${name})`,
      ),
    );
  if (!existing) throw new Error('Tag insert conflicted but no existing tag was found.');
  return { tag: existing, created: false };
}

/** Removes one tag of the entity; 404 when it has no such tag. */
export async function removeTag(
  db: Database,
  environmentId: string,
  entity: TaggableEntity,
  entityId: string,
  tagId: string,
): Promise<void> {
  const removed = await db
    .delete(tags)
    .where(
      and(
        eq(tags.environmentId, environmentId),
        eq(tags.entity, entity),
        eq(tags.entityId, entityId),
        eq(tags.id, tagId),
      ),
    )
    .returning({ id: tags.id });
  if (removed.length === 0) throw notFound('De tag');
}
