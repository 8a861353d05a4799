import { and, desc, eq, sql } from 'drizzle-orm';
import { analyticsReport } from '../analytics/report';
import {
  variantLabel,
  type AbTest,
  type AbTestDecision,
  type AbTestField,
  type AbTestState,
} from '../contract/abTests';
import type { Database } from '../db/client';
import { abTests, abTestVariants, deliveryJobs } from '../db/schema';
import { selectRows } from '../delivery/selectRows';
import { testOfJob } from './decision';

/** The test a job belongs to, its variants side by side and its state; 404 when the job has none. */
export async function getAbTest(db: Database, environmentId: string, jobId: string): Promise<AbTest> {
  const test = await testOfJob(db, environmentId, jobId);
  const job = async (id: string) => {
    const [row] = await db
      .select({
        status: deliveryJobs.status,
        publicationId: deliveryJobs.publicationId,
        recipientCount: deliveryJobs.recipientCount,
        sentCount: deliveryJobs.sentCount,
      })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.id, id));
    return row;
  };
  const parent = await job(test.parentJobId);
  const remainder = test.remainderJobId ? await job(test.remainderJobId) : undefined;
  const variantRows = await db
    .select({ position: abTestVariants.position, value: abTestVariants.value, jobId: abTestVariants.jobId })
    .from(abTestVariants)
    .where(eq(abTestVariants.testId, test.id))
    .orderBy(abTestVariants.position);
  const variants = [];
  for (const variant of variantRows) {
    const variantJob = await job(variant.jobId);
    const report = await analyticsReport(db, environmentId, parent.publicationId, variant.jobId);
    variants.push({
      label: variantLabel(variant.position),
      value: variant.value,
      jobId: variant.jobId,
      status: variantJob.status,
      recipients: variantJob.recipientCount,
      sent: report.sent,
      humanOpens: report.opens.unique,
      clicks: report.clicks.unique,
      unsubscribed: report.unsubscribed,
      bounces: report.bounces,
    });
  }
  const [{ waiting }] = await selectRows<{ waiting: number }>(
    db,
    sql`SELECT count(*)::int AS waiting FROM delivery_recipients
        WHERE job_id = ${test.parentJobId} AND status = 'Wachtend'`,
  );
  return {
    id: test.id,
    parentJobId: test.parentJobId,
    publicationId: parent.publicationId,
    field: test.field as AbTestField,
    sharePercent: test.sharePercent,
    waitHours: test.waitHours,
    decideBy: test.decideBy as AbTestDecision,
    state: stateOf(test, parent.status, remainder?.status),
    decideAt: test.decideAt?.toISOString() ?? null,
    winner: test.winnerPosition === null ? null : variantLabel(test.winnerPosition),
    decisionReason: test.decisionReason,
    decidedAt: test.decidedAt?.toISOString() ?? null,
    remainderJobId: test.remainderJobId,
    remainderRecipients: remainder ? remainder.recipientCount : waiting,
    remainderSent: remainder?.sentCount ?? 0,
    variants,
  };
}

function stateOf(
  test: { decideAt: Date | null; decidedAt: Date | null; decideBy: string },
  parentStatus: string,
  remainderStatus: string | undefined,
): AbTestState {
  if (remainderStatus === 'Verzonden' || remainderStatus === 'Mislukt') return 'Winnaar verzonden';
  if (test.decidedAt) return 'Winnaar wordt verzonden';
  if (parentStatus === 'Geannuleerd') return 'Geannuleerd';
  if (!test.decideAt) return 'Gepland';
  return test.decideBy === 'manual' ? 'Wacht op keuze' : 'Test loopt';
}

/** The publication's tests, newest first (its analytics page compares their variants). */
export async function publicationAbTests(
  db: Database,
  environmentId: string,
  publicationId: string,
): Promise<AbTest[]> {
  const parents = await db
    .select({ id: abTests.parentJobId })
    .from(abTests)
    .innerJoin(deliveryJobs, eq(deliveryJobs.id, abTests.parentJobId))
    .where(and(eq(abTests.environmentId, environmentId), eq(deliveryJobs.publicationId, publicationId)))
    .orderBy(desc(deliveryJobs.createdAt));
  const tests: AbTest[] = [];
  for (const parent of parents) tests.push(await getAbTest(db, environmentId, parent.id));
  return tests;
}
