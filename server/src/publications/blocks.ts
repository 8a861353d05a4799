import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AddBlockParams, PublicationBlock, UpdateBlockBody } from '../contract/publications';
import type { Database } from '../db/client';
import { publicationBlocks, publicationRepeatableGroups } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { checkBlockContent } from './blockContent';
import { findRepeatableGroup } from './publicationTypes';
import { lockPublication, requirePublication } from './publications';

// A publication's blocks are kept in order by `position`, always 0..n-1: adding appends, removing and
// reordering renumber. Each change runs in one transaction that first locks the publication's row, so
// two concurrent changes of one publication never interleave. Adding, removing and reordering concern the
// publication's own blocks; a content variant's blocks (contentVariants.ts) are a copy whose content is
// edited here too (getBlock, updateBlockContent), block by block.

/** The publication's own blocks (`variantId` null), or those of one of its content variants. */
export const blocksOfVariant = (variantId: string | null) =>
  variantId === null ? isNull(publicationBlocks.variantId) : eq(publicationBlocks.variantId, variantId);

const ownBlocks = blocksOfVariant(null);

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
      throw badRequest('publicationTypeId', 'Dit is niet het publicatietype van deze publicatie.');
    }
    const group = await findRepeatableGroup(tx, publication.publicationTypeId, params.blockType);
    if (!group) {
      throw badRequest(
        'blockType',
        `Het bloktype ${params.blockType} hoort niet bij het publicatietype van deze publicatie.`,
      );
    }
    const [created] = await tx
      .insert(publicationBlocks)
      .values({
        publicationId: publication.id,
        blockType: group.type,
        position: sql`(SELECT count(*) FROM ${publicationBlocks} WHERE ${publicationBlocks.publicationId} = ${publication.id} AND ${ownBlocks})::int`,
      })
      .returning({
        id: publicationBlocks.id,
        position: publicationBlocks.position,
        content: publicationBlocks.content,
        version: publicationBlocks.version,
        updatedAt: publicationBlocks.updatedAt,
      });
    return toBlock({ ...created, publicationId: publication.id, blockType: group.type, name: group.name });
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
      .where(
        and(
          eq(publicationBlocks.id, blockId),
          eq(publicationBlocks.publicationId, publication.id),
          ownBlocks,
        ),
      )
      .returning({ position: publicationBlocks.position });
    if (!removed) throw notFound('Het blok');
    await tx
      .update(publicationBlocks)
      .set({ position: sql`${publicationBlocks.position} - 1` })
      .where(
        and(
          eq(publicationBlocks.publicationId, publication.id),
          ownBlocks,
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
      .where(and(eq(publicationBlocks.publicationId, publication.id), ownBlocks));
    const wanted = blockIds.map((id) => id.toLowerCase());
    const known = new Set(current.map((block) => block.id));
    if (
      wanted.length !== known.size ||
      new Set(wanted).size !== wanted.length ||
      !wanted.every((id) => known.has(id))
    ) {
      throw badRequest(
        'blockIds',
        'De nieuwe volgorde moet elk blok van de publicatie precies één keer bevatten.',
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
        WHERE ${publicationBlocks.id} = ordered.id AND ${publicationBlocks.publicationId} = ${publication.id}
          AND ${ownBlocks}`);
    }
    return selectBlocks(tx, publication.id, publication.publicationTypeId);
  });
}

/** One block of a publication with its content and version; 404 for an unknown block or publication. */
export async function getBlock(
  db: Database,
  environmentId: string,
  publicationId: string,
  blockId: string,
): Promise<PublicationBlock> {
  const publication = await requirePublication(db, environmentId, publicationId);
  const [block] = await selectBlocks(db, publication.id, publication.publicationTypeId, { blockId });
  if (!block) throw notFound('Het blok');
  return block;
}

/** Answered when a block was saved by someone else since the client read it. */
export const blockChangedMessage = 'Dit blok is intussen door iemand anders gewijzigd.';

/**
 * Replaces a block's content (checked against its group's field definitions, 400 naming the field) when
 * the block is still at the version the client edited; else 409 naming `version`, and nothing is stored.
 * The version check and the write are one UPDATE, so of two saves from the same version exactly one wins.
 */
export async function updateBlockContent(
  db: Database,
  environmentId: string,
  publicationId: string,
  blockId: string,
  body: UpdateBlockBody,
): Promise<PublicationBlock> {
  const publication = await requirePublication(db, environmentId, publicationId);
  const [current] = await db
    .select({ fields: publicationRepeatableGroups.fields })
    .from(publicationBlocks)
    .leftJoin(
      publicationRepeatableGroups,
      and(
        eq(publicationRepeatableGroups.publicationTypeId, publication.publicationTypeId),
        eq(publicationRepeatableGroups.type, publicationBlocks.blockType),
      ),
    )
    .where(and(eq(publicationBlocks.id, blockId), eq(publicationBlocks.publicationId, publication.id)));
  if (!current) throw notFound('Het blok');
  // One transaction, so the images' locks (checkBlockContent) hold until the content refers to them.
  const updated = await db.transaction(async (tx) => {
    const content = await checkBlockContent(tx, environmentId, current.fields ?? [], body.content);
    const [row] = await tx
      .update(publicationBlocks)
      .set({ content, version: sql`${publicationBlocks.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(publicationBlocks.id, blockId),
          eq(publicationBlocks.publicationId, publication.id),
          eq(publicationBlocks.version, body.version),
        ),
      )
      .returning({ id: publicationBlocks.id });
    return row;
  });
  if (!updated) {
    // Gone meanwhile (removed) or saved by someone else: which one decides the answer.
    const [still] = await selectBlocks(db, publication.id, publication.publicationTypeId, { blockId });
    if (!still) throw notFound('Het blok');
    throw new ApiError(409, blockChangedMessage, 'version');
  }
  return getBlock(db, environmentId, publication.id, blockId);
}

/**
 * The publication's own blocks in order, or a content variant's (`variantId`), or the one block `blockId`
 * (of either), with their group's name.
 */
export async function selectBlocks(
  db: Database,
  publicationId: string,
  publicationTypeId: string,
  { blockId, variantId = null }: { blockId?: string; variantId?: string | null } = {},
): Promise<PublicationBlock[]> {
  const rows = await db
    .select({
      id: publicationBlocks.id,
      publicationId: publicationBlocks.publicationId,
      blockType: publicationBlocks.blockType,
      name: sql<string>`coalesce(${publicationRepeatableGroups.name}, ${publicationBlocks.blockType})`,
      position: publicationBlocks.position,
      content: publicationBlocks.content,
      version: publicationBlocks.version,
      updatedAt: publicationBlocks.updatedAt,
    })
    .from(publicationBlocks)
    .leftJoin(
      publicationRepeatableGroups,
      and(
        eq(publicationRepeatableGroups.publicationTypeId, publicationTypeId),
        eq(publicationRepeatableGroups.type, publicationBlocks.blockType),
      ),
    )
    .where(
      and(
        eq(publicationBlocks.publicationId, publicationId),
        blockId !== undefined ? eq(publicationBlocks.id, blockId) : blocksOfVariant(variantId),
      ),
    )
    .orderBy(asc(publicationBlocks.position), asc(publicationBlocks.createdAt));
  return rows.map(toBlock);
}

function toBlock(row: Omit<PublicationBlock, 'updatedAt'> & { updatedAt: Date }): PublicationBlock {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}
