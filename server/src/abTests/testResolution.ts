import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { abTests, abTestVariants, deliveryJobs } from '../db/schema';
import { selectRows } from '../delivery/selectRows';

// A test's recipients are resolved once, for its parent job (delivery/recipientResolution.ts, the same
// audience query as any job), and then split in one transaction: a share moves to the variant jobs, the
// rest stays with the parent until the decision moves it to the remainder job (decision.ts). A row is
// moved, never copied, so each recipient belongs to exactly one job and receives exactly one variant.

/** The test whose variant this job is, if any. */
export async function testOfVariantJob(db: Database, jobId: string): Promise<string | undefined> {
  const [variant] = await db
    .select({ testId: abTestVariants.testId })
    .from(abTestVariants)
    .where(eq(abTestVariants.jobId, jobId));
  return variant?.testId;
}

/**
 * Moves the test's share of the parent's waiting recipients to the variant jobs, once: the parent row is
 * locked and the test's `decide_at`, set in the same transaction, says it was done. Which recipients go
 * to which variant depends only on the test and the address (a hash ranks them; positions take turns),
 * so the same recipients would be chosen again whatever the order of the rows.
 */
export async function splitTestRecipients(db: Database, testId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [test] = await tx
      .select({
        parentJobId: abTests.parentJobId,
        sharePercent: abTests.sharePercent,
        waitHours: abTests.waitHours,
        decideAt: abTests.decideAt,
      })
      .from(abTests)
      .where(eq(abTests.id, testId));
    await tx
      .select({ id: deliveryJobs.id })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.id, test.parentJobId))
      .for('update');
    const [current] = await tx
      .select({ decideAt: abTests.decideAt })
      .from(abTests)
      .where(eq(abTests.id, testId));
    if (current.decideAt) return;
    const variants = await tx
      .select({ position: abTestVariants.position, jobId: abTestVariants.jobId })
      .from(abTestVariants)
      .where(eq(abTestVariants.testId, testId))
      .orderBy(abTestVariants.position);
    const [{ waiting }] = await selectRows<{ waiting: number }>(
      tx,
      sql`SELECT count(*)::int AS waiting FROM delivery_recipients
          WHERE job_id = ${test.parentJobId} AND status = 'Wachtend'`,
    );
    const perVariant = variantSize(waiting, test.sharePercent, variants.length);
    const jobIds = sql.join(
      variants.map((variant) => sql`${variant.jobId}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`
      WITH ranked AS (
        SELECT id, row_number() OVER (ORDER BY md5(${testId}::text || lower(email)), id) - 1 AS rank
        FROM delivery_recipients WHERE job_id = ${test.parentJobId} AND status = 'Wachtend'
      ), chosen AS (
        SELECT id, (ARRAY[${jobIds}])[(rank % ${variants.length}) + 1] AS variant_job_id
        FROM ranked WHERE rank < ${perVariant * variants.length}
      )
      UPDATE delivery_recipients r SET job_id = chosen.variant_job_id
      FROM chosen WHERE r.id = chosen.id`);
    for (const variant of variants) {
      await tx
        .update(deliveryJobs)
        .set({ resolvedAt: now, recipientCount: perVariant, skippedCount: 0 })
        .where(eq(deliveryJobs.id, variant.jobId));
    }
    // The parent is the test as a whole: running while it lasts, never sent by a worker itself.
    await tx
      .update(deliveryJobs)
      .set({ status: 'Bezig', startedAt: now })
      .where(and(eq(deliveryJobs.id, test.parentJobId), eq(deliveryJobs.status, 'Gepland')));
    await tx
      .update(abTests)
      .set({ decideAt: new Date(now.getTime() + test.waitHours * 60 * 60 * 1000) })
      .where(eq(abTests.id, testId));
  });
}

/**
 * Recipients per variant: the share of those waiting, split evenly (rounded down), at least one each when
 * there are enough recipients for every variant.
 */
export function variantSize(waiting: number, sharePercent: number, variants: number): number {
  const share = Math.floor(Math.round((waiting * sharePercent) / 100) / variants);
  return waiting >= variants ? Math.max(1, share) : 0;
}
