import { and, asc, eq, sql } from 'drizzle-orm';
import type { AddBlockParams, PublicationBlock } from '../contract/publications';
import type { Database } from '../db/client';
import { publicationBlocks, publicationRepeatableGroups } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { findRepeatableGroup } from './publicationTypes';
import { lockPublication, requirePublication } from './publications';

// A publication's blocks are kept in order by `position`, always 0..n-1: adding appends, removing and
// reordering renumber. Each change runs in one transaction that first locks the publication's row, so
// two concurrent changes of one publication never interleave.

/** The blocks of a publication in order; 404 for another environment's publication. */
export async function listBlocks(
  db: Database,
  environmentId: string,
  publicationId: string,
): Promise<PublicationBlock[]> {
  const publication = await requirePublication(db, environmentId, publicationId);
  return selectBlocks(db, publication.id, publication.publicationTypeId);
}

/**
 * Appends a block of one of the publication's type's repeatable groups (spec §7
 * POST /publications/{publicationId}/type/{publicationTypeId}/{blockType}/dynamic).
 * 400 when the type is not the publication's or the block type is not one of its groups.
 */
export async function addBlock(
  db: Database,
  environmentId: string,
  params: AddBlockParams,
): Promise<PublicationBlock> {
  return db.transaction(async (tx) => {
    const publication = await lockPublication(tx, environmentId, params.publicationId);
    if (publication.publicationTypeId !== params.publicationTypeId.toLowerCase()) {
      throw badRequest(
        'publicationTypeId',
        "Het veld 'publicationTypeId' is niet het publicatietype van deze publicatie.",
      );
    }
    const group = await findRepeatableGroup(tx, publication.publicationTypeId, params.blockType);
    if (!group) {
      throw badRequest(
        'blockType',
        `Het veld 'blockType' (${params.blockType}) is geen herhaalbare groep van het publicatietype van deze publicatie.`,
      );
    }
    const [created] = await tx
      .insert(publicationBlocks)
      .values({
        publicationId: publication.id,
        blockType: group.type,
        position: sql`(SELECT count(*) FROM ${publicationBlocks} WHERE ${publicationBlocks.publicationId} = ${publication.id})::int`,
      })
      .returning({ id: publicationBlocks.id, position: publicationBlocks.position });
    return {
      id: created.id,
      publicationId: publication.id,
      blockType: group.type,
      name: group.name,
      position: created.position,
    };
  });
}

/** Removes a block and closes the gap it leaves; 404 when the publication has no such block. */
export async function removeBlock(
  db: Database,
  environmentId: string,
  publicationId: string,
  blockId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const publication = await lockPublication(tx, environmentId, publicationId);
    const [removed] = await tx
      .delete(publicationBlocks)
      .where(and(eq(publicationBlocks.id, blockId), eq(publicationBlocks.publicationId, publication.id)))
      .returning({ position: publicationBlocks.position });
    if (!removed) throw notFound('Het blok');
    await tx
      .update(publicationBlocks)
      .set({ position: sql`${publicationBlocks.position} - 1` })
      .where(
        and(
          eq(publicationBlocks.publicationId, publication.id),
          sql`${publicationBlocks.position} > ${removed.position}`,
        ),
      );
  });
}

/**
 * Puts the blocks in the given order. `blockIds` must name every block of the publication exactly once
 * (else 400 naming `blockIds`), so a client working from a stale list cannot lose or duplicate a block.
 */
export async function reorderBlocks(
  db: Database,
  environmentId: string,
  publicationId: string,
  blockIds: readonly string[],
): Promise<PublicationBlock[]> {
  return db.transaction(async (tx) => {
    const publication = await lockPublication(tx, environmentId, publicationId);
    const current = await tx
      .select({ id: publicationBlocks.id })
      .from(publicationBlocks)
      .where(eq(publicationBlocks.publicationId, publication.id));
    const wanted = blockIds.map((id) => id.toLowerCase());
    const known = new Set(current.map((block) => block.id));
    if (
      wanted.length !== known.size ||
      new Set(wanted).size !== wanted.length ||
      !wanted.every((id) => known.has(id))
    ) {
      throw badRequest(
        'blockIds',
        "Het veld 'blockIds' moet elk blok van de publicatie precies één keer bevatten.",
      );
    }
    if (wanted.length > 0) {
      const positions = sql.join(
        wanted.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE ${publicationBlocks} SET position = ordered.position
        FROM (VALUES ${positions}) AS ordered(id, position)
        WHERE ${publicationBlocks.id} = ordered.id AND ${publicationBlocks.publicationId} = ${publication.id}`);
    }
    return selectBlocks(tx, publication.id, publication.publicationTypeId);
  });
}

async function selectBlocks(
  db: Database,
  publicationId: string,
  publicationTypeId: string,
): Promise<PublicationBlock[]> {
  return db
    .select({
      id: publicationBlocks.id,
      publicationId: publicationBlocks.publicationId,
      blockType: publicationBlocks.blockType,
      name: sql<string>`coalesce(${publicationRepeatableGroups.name}, ${publicationBlocks.blockType})`,
      position: publicationBlocks.position,
    })
    .from(publicationBlocks)
    .leftJoin(
      publicationRepeatableGroups,
      and(
        eq(publicationRepeatableGroups.publicationTypeId, publicationTypeId),
        eq(publicationRepeatableGroups.type, publicationBlocks.blockType),
      ),
    )
    .where(eq(publicationBlocks.publicationId, publicationId))
    .orderBy(asc(publicationBlocks.position), asc(publicationBlocks.createdAt));
}
