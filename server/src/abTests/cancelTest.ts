import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { activeDeliveryJobStatuses } from '../contract/publications';
import type { Database } from '../db/client';
import { abTests, abTestVariants, deliveryJobs } from '../db/schema';

// Cancelling an A/B test's parent job cancels the test: its variant jobs stop before their next batch and
// a remainder job, if the winner was chosen already, stops too; no winner is chosen afterwards
// (decision.ts finds the parent cancelled). Messages already handed to the mail server stay sent.

/**
 * Inside the transaction that cancelled `parentJobId`: cancels the still active jobs of the test it is the
 * parent of, if any. Answers how many were cancelled.
 */
export async function cancelTestOfParent(tx: Database, parentJobId: string, now: Date): Promise<number> {
  const [test] = await tx
    .select({ id: abTests.id, remainderJobId: abTests.remainderJobId })
    .from(abTests)
    .where(eq(abTests.parentJobId, parentJobId));
  if (!test) return 0;
  const cancelled = await tx
    .update(deliveryJobs)
    .set({ status: 'Geannuleerd', finishedAt: now, leaseOwner: null, leaseUntil: null })
    .where(
      and(
        inArray(deliveryJobs.status, activeDeliveryJobStatuses),
        or(
          inArray(
            deliveryJobs.id,
            tx
              .select({ id: abTestVariants.jobId })
              .from(abTestVariants)
              .where(eq(abTestVariants.testId, test.id)),
          ),
          test.remainderJobId ? eq(deliveryJobs.id, test.remainderJobId) : sql`false`,
        ),
      ),
    )
    .returning({ id: deliveryJobs.id });
  return cancelled.length;
}
