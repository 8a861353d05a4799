import { and, asc, eq, sql } from 'drizzle-orm';
import { abTestLimits, variantLabel } from '../contract/abTests';
import type { PublicationVariant } from '../contract/publications';
import type { Database } from '../db/client';
import { publicationBlocks, publicationVariants } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { selectRows } from '../delivery/selectRows';
import { blocksOfVariant, selectBlocks } from './blocks';
import { lockPublication, requirePublication } from './publications';

// A publication's content variants, for an A/B test of content (abTests/): variant A is the publication's
// own blocks, B to D (positions 1 to 3) each a copy of them made when the variant is added, then edited on
// their own (blocks.ts edits any block's content). Removing a variant renumbers the ones after it.

/** The content variants of a publication, in order, each with its blocks; 404 for another environment's. */
export async function listContentVariants(
  db: Database,
  environmentId: string,
  publicationId: string,
): Promise<PublicationVariant[]> {
  const publication = await requirePublication(db, environmentId, publicationId);
  const variants = await db
    .select({ id: publicationVariants.id, position: publicationVariants.position })
    .from(publicationVariants)
    .where(eq(publicationVariants.publicationId, publication.id))
    .orderBy(asc(publicationVariants.position));
  const answer: PublicationVariant[] = [];
  for (const variant of variants) {
    answer.push({
      id: variant.id,
      label: variantLabel(variant.position),
      blocks: await selectBlocks(db, publication.id, publication.publicationTypeId, {
        variantId: variant.id,
      }),
    });
  }
  return answer;
}

/** Adds the next content variant (B, C or D) with a copy of the publication's own blocks; 409 after D. */
export async function addContentVariant(
  db: Database,
  environmentId: string,
  publicationId: string,
): Promise<PublicationVariant> {
  const { id, position, publicationTypeId } = await db.transaction(async (tx) => {
    const publication = await lockPublication(tx, environmentId, publicationId);
    const [{ taken }] = await tx
      .select({ taken: sql<number>`count(*)::int` })
      .from(publicationVariants)
      .where(eq(publicationVariants.publicationId, publication.id));
    if (taken + 1 >= abTestLimits.maxVariants) {
      throw new ApiError(
        409,
        `Een publicatie heeft hoogstens ${abTestLimits.maxVariants} varianten: A (de publicatie zelf) tot en met ${variantLabel(abTestLimits.maxVariants - 1)}.`,
        'variants',
      );
    }
    const [variant] = await tx
      .insert(publicationVariants)
      .values({ publicationId: publication.id, position: taken + 1 })
      .returning({ id: publicationVariants.id, position: publicationVariants.position });
    await tx.execute(sql`
      INSERT INTO ${publicationBlocks} (publication_id, variant_id, block_type, position, content)
      SELECT ${publication.id}, ${variant.id}, block_type, position, content FROM ${publicationBlocks}
      WHERE ${publicationBlocks.publicationId} = ${publication.id} AND ${blocksOfVariant(null)}`);
    return { ...variant, publicationTypeId: publication.publicationTypeId };
  });
  return {
    id,
    label: variantLabel(position),
    blocks: await selectBlocks(db, publicationId, publicationTypeId, { variantId: id }),
  };
}

/**
 * Removes a content variant and its blocks, the variants after it moving up one letter. 409 while an A/B
 * test of the publication's content has not chosen its winner yet (it sends the variants by letter).
 */
export async function removeContentVariant(
  db: Database,
  environmentId: string,
  publicationId: string,
  variantId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const publication = await lockPublication(tx, environmentId, publicationId);
    const [open] = await selectRows<{ id: string }>(
      tx,
      sql`SELECT t.id FROM ab_tests t JOIN delivery_jobs p ON p.id = t.parent_job_id
          LEFT JOIN delivery_jobs r ON r.id = t.remainder_job_id
          WHERE p.publication_id = ${publication.id} AND t.field = 'content' AND p.status <> 'Geannuleerd'
            AND (t.decided_at IS NULL OR r.status IN ('Gepland', 'Bezig'))
          LIMIT 1`,
    );
    if (open) {
      throw new ApiError(
        409,
        'Een A/B-test van de inhoud van deze publicatie loopt nog: verwijder de variant als de winnaar verzonden is.',
        'variantId',
      );
    }
    const [removed] = await tx
      .delete(publicationVariants)
      .where(
        and(eq(publicationVariants.id, variantId), eq(publicationVariants.publicationId, publication.id)),
      )
      .returning({ position: publicationVariants.position });
    if (!removed) throw notFound('De variant');
    await tx
      .update(publicationVariants)
      .set({ position: sql`${publicationVariants.position} - 1` })
      .where(
        and(
          eq(publicationVariants.publicationId, publication.id),
          sql`${publicationVariants.position} > ${removed.position}`,
        ),
      );
  });
}

/**
 * The content variant `label` names ('B' to 'D') of a publication: its id, or null for 'A' (the
 * publication's own blocks); 400 naming `field` for a variant the publication does not have.
 */
export async function contentVariantId(
  db: Database,
  publicationId: string,
  label: string,
  field: string,
): Promise<string | null> {
  const id = await findContentVariantId(db, publicationId, label);
  if (id === undefined) throw missingVariant(label, field);
  return id;
}

/** The 400 naming `field` for a content variant the publication does not have. */
export function missingVariant(label: string, field: string): ApiError {
  return badRequest(
    field,
    `Variant ${label} bestaat niet: maak die eerst aan bij de inhoud van de publicatie.`,
  );
}

/** The position of the content variant `label` names (0 for 'A', the publication's own blocks), else undefined. */
export function variantPosition(label: string): number | undefined {
  const position = label.charCodeAt(0) - 65;
  return label.length === 1 && position >= 0 ? position : undefined;
}

/** As contentVariantId, but undefined for a variant the publication does not have (any more). */
export async function findContentVariantId(
  db: Database,
  publicationId: string,
  label: string,
): Promise<string | null | undefined> {
  const position = variantPosition(label);
  if (position === 0) return null;
  if (position === undefined) return undefined;
  const [variant] = await db
    .select({ id: publicationVariants.id })
    .from(publicationVariants)
    .where(
      and(eq(publicationVariants.publicationId, publicationId), eq(publicationVariants.position, position)),
    );
  return variant?.id;
}
