import { and, eq, or } from 'drizzle-orm';
import type { AbTestField } from '../contract/abTests';
import type { Database } from '../db/client';
import { abTests, abTestVariants } from '../db/schema';

/** What a job of a test sends instead of the publication's own value of the tested field. */
export interface VariantValue {
  field: AbTestField;
  value: string;
}

/**
 * The variant a job sends: its own for a variant job, the winner's for the remainder job; undefined for
 * any other job.
 */
export async function variantValueOf(db: Database, jobId: string): Promise<VariantValue | undefined> {
  const [row] = await db
    .select({ field: abTests.field, value: abTestVariants.value })
    .from(abTestVariants)
    .innerJoin(abTests, eq(abTests.id, abTestVariants.testId))
    .where(
      or(
        eq(abTestVariants.jobId, jobId),
        and(eq(abTests.remainderJobId, jobId), eq(abTests.winnerPosition, abTestVariants.position)),
      ),
    );
  return row && { field: row.field as AbTestField, value: row.value };
}

/**
 * The overrides of the publication's subject, preheader or content (the variant's label), and the sender
 * name, for rendering.
 */
export function variantOverrides(variant: VariantValue | undefined) {
  return {
    subject: variant?.field === 'subject' ? variant.value : undefined,
    preheader: variant?.field === 'preheader' ? variant.value : undefined,
    content: variant?.field === 'content' ? variant.value : undefined,
    senderName: variant?.field === 'senderName' ? variant.value : undefined,
  };
}
