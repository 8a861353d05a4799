import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { analyticsReport } from '../analytics/report';
import { variantLabel, type AbTestDecision } from '../contract/abTests';
import { activeDeliveryJobStatuses } from '../contract/publications';
import type { Database } from '../db/client';
import { abTests, abTestVariants, deliveryJobs } from '../db/schema';
import { selectRows } from '../delivery/selectRows';
import { undeliverableCause } from '../bounces/undeliverable';
import { ApiError, badRequest, notFound } from '../errors';
import { jobCopy } from './abTestSetup';

// The decision: once (the test row locked, `decided_at` checked first) the winner is recorded and the
// remainder job created in one transaction, which moves the parent's waiting recipients to it. Whoever
// decides at the same time (the duty in two processes, a person choosing by hand) finds it decided.

export interface VariantScore {
  position: number;
  jobId: string;
  humanOpens: number;
  clicks: number;
}

/** The unique human opens and clicks of each variant job (machine opens never count). */
export async function variantScores(db: Database, testId: string): Promise<VariantScore[]> {
  const variants = await db
    .select({
      position: abTestVariants.position,
      jobId: abTestVariants.jobId,
      environmentId: deliveryJobs.environmentId,
      publicationId: deliveryJobs.publicationId,
    })
    .from(abTestVariants)
    .innerJoin(deliveryJobs, eq(deliveryJobs.id, abTestVariants.jobId))
    .where(eq(abTestVariants.testId, testId))
    .orderBy(abTestVariants.position);
  const scores: VariantScore[] = [];
  for (const variant of variants) {
    const report = await analyticsReport(db, variant.environmentId, variant.publicationId, variant.jobId);
    scores.push({
      position: variant.position,
      jobId: variant.jobId,
      humanOpens: report.opens.unique,
      clicks: report.clicks.unique,
    });
  }
  return scores;
}

/** The variant with the most of what the test counts (the first of equals), and why, in Dutch. */
export function chooseWinner(
  scores: VariantScore[],
  by: Exclude<AbTestDecision, 'manual'>,
): { position: number; reason: string } {
  const count = (score: VariantScore) => (by === 'clicks' ? score.clicks : score.humanOpens);
  const what = by === 'clicks' ? 'kliks' : 'openingen door mensen';
  const best = scores.reduce((winner, score) => (count(score) > count(winner) ? score : winner));
  const figures = scores.map((score) => `${variantLabel(score.position)} ${count(score)}`).join(', ');
  const tied = scores.filter((score) => count(score) === count(best)).length > 1;
  return {
    position: best.position,
    reason: tied
      ? `Gelijkspel in ${what} (${figures}): de eerste variant, ${variantLabel(best.position)}, gaat naar de rest.`
      : `Variant ${variantLabel(best.position)} had de meeste unieke ${what} (${figures}).`,
  };
}

/**
 * Records the winner and creates the remainder job, once. Answers the remainder job's id (to queue), or
 * undefined when the test was already decided. The parent's waiting recipients move to it, except those
 * who unsubscribed or bounced for good since the test started ('Overgeslagen' with the reason).
 */
export async function decideTest(
  db: Database,
  testId: string,
  winner: { position: number; reason: string },
  now: Date,
): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [test] = await tx
      .select({
        parentJobId: abTests.parentJobId,
        decidedAt: abTests.decidedAt,
        environmentId: abTests.environmentId,
      })
      .from(abTests)
      .where(eq(abTests.id, testId))
      .for('update');
    if (test.decidedAt) return undefined;
    // Locked, so that a cancel of the parent either comes first (no winner) or finds the remainder to stop.
    const [parent] = await tx
      .select()
      .from(deliveryJobs)
      .where(eq(deliveryJobs.id, test.parentJobId))
      .for('update');
    if (parent.status === 'Geannuleerd') return undefined;
    const [remainder] = await tx
      .insert(deliveryJobs)
      .values({
        ...jobCopy(parent),
        title: `${parent.title} — winnaar ${variantLabel(winner.position)}`,
        recipientCount: 0,
        scheduledAt: now,
        resolvedAt: now,
        createdAt: now,
      })
      .returning({ id: deliveryJobs.id });
    await tx.execute(sql`
      UPDATE delivery_recipients r SET job_id = ${remainder.id},
        status = CASE WHEN u.id IS NULL THEN 'Wachtend' ELSE 'Overgeslagen' END,
        detail = CASE WHEN u.id IS NULL THEN NULL
                      WHEN u.cause = ${undeliverableCause} THEN ${undeliverableCause} ELSE 'Uitgeschreven' END
      FROM delivery_recipients w
      LEFT JOIN unsubscribers u ON u.environment_id = ${test.environmentId} AND u.removed_at IS NULL
        AND lower(u.email) = lower(w.email)
      WHERE r.id = w.id AND w.job_id = ${test.parentJobId} AND w.status = 'Wachtend'`);
    const [counts] = await selectRows<{ waiting: number; skipped: number }>(
      tx,
      sql`SELECT count(*) FILTER (WHERE status = 'Wachtend')::int AS waiting,
                 count(*) FILTER (WHERE status = 'Overgeslagen')::int AS skipped
          FROM delivery_recipients WHERE job_id = ${remainder.id}`,
    );
    await tx
      .update(deliveryJobs)
      .set({ recipientCount: counts.waiting, skippedCount: counts.skipped })
      .where(eq(deliveryJobs.id, remainder.id));
    await tx
      .update(abTests)
      .set({
        winnerPosition: winner.position,
        decisionReason: winner.reason,
        decidedAt: now,
        remainderJobId: remainder.id,
      })
      .where(eq(abTests.id, testId));
    return remainder.id;
  });
}

/**
 * The duty's round: decides every automatic test whose wait is over and whose variants have all been
 * sent, and finishes the parents whose remainder job has. Answers the remainder jobs to queue.
 */
export async function decideDueTests(db: Database, now: Date): Promise<string[]> {
  const due = await db
    .select({ id: abTests.id, decideBy: abTests.decideBy })
    .from(abTests)
    .innerJoin(deliveryJobs, eq(deliveryJobs.id, abTests.parentJobId))
    .where(
      and(
        isNull(abTests.decidedAt),
        lte(abTests.decideAt, now),
        inArray(abTests.decideBy, ['humanOpens', 'clicks']),
        eq(deliveryJobs.status, 'Bezig'),
      ),
    );
  const queued: string[] = [];
  for (const test of due) {
    if (await variantsStillSending(db, test.id)) continue;
    const scores = await variantScores(db, test.id);
    const decision = chooseWinner(scores, test.decideBy as 'humanOpens' | 'clicks');
    const remainder = await decideTest(db, test.id, decision, now);
    if (remainder) queued.push(remainder);
  }
  await finishSentParents(db, now);
  return queued;
}

/**
 * Decides a test now, by hand: the given variant ('Zelf kiezen'), or by the test's own measure before its
 * wait is over ('Nu beslissen'). 409 once decided, while the variants are being sent or before the test
 * started; 400 for an unknown variant.
 */
export async function decideTestNow(
  db: Database,
  environmentId: string,
  jobId: string,
  now: Date,
  label?: string,
): Promise<string> {
  const test = await testOfJob(db, environmentId, jobId);
  if (test.decidedAt) throw new ApiError(409, 'Voor deze A/B-test is de winnaar al gekozen.', 'winner');
  if (await parentCancelled(db, test.parentJobId)) throw cancelledTest();
  if (!test.decideAt || (await variantsStillSending(db, test.id)))
    throw new ApiError(409, 'De varianten worden nog verzonden; kies de winnaar daarna.', 'winner');
  const scores = await variantScores(db, test.id);
  let winner: { position: number; reason: string };
  if (label !== undefined) {
    const position = scores.findIndex((score) => variantLabel(score.position) === label.toUpperCase());
    if (position < 0) throw badRequest('winner', `Deze A/B-test heeft geen variant ${label}.`);
    winner = {
      position: scores[position].position,
      reason: `Zelf gekozen: variant ${variantLabel(position)}.`,
    };
  } else {
    if (test.decideBy === 'manual')
      throw badRequest('winner', 'Kies bij deze A/B-test zelf de winnende variant.');
    winner = chooseWinner(scores, test.decideBy as 'humanOpens' | 'clicks');
  }
  const remainder = await decideTest(db, test.id, winner, now);
  if (!remainder) {
    if (await parentCancelled(db, test.parentJobId)) throw cancelledTest();
    throw new ApiError(409, 'Voor deze A/B-test is de winnaar al gekozen.', 'winner');
  }
  return remainder;
}

const cancelledTest = () =>
  new ApiError(409, 'Deze A/B-test is geannuleerd; er wordt geen winnaar meer gekozen.', 'winner');

async function parentCancelled(db: Database, parentJobId: string): Promise<boolean> {
  const [parent] = await db
    .select({ status: deliveryJobs.status })
    .from(deliveryJobs)
    .where(eq(deliveryJobs.id, parentJobId));
  return parent?.status === 'Geannuleerd';
}

/** The test a job belongs to (as parent, variant or remainder) in the environment; 404 otherwise. */
export async function testOfJob(db: Database, environmentId: string, jobId: string) {
  const [test] = await db
    .select()
    .from(abTests)
    .where(
      and(
        eq(abTests.environmentId, environmentId),
        sql`(${abTests.parentJobId} = ${jobId} OR ${abTests.remainderJobId} = ${jobId}
             OR ${abTests.id} IN (SELECT test_id FROM ab_test_variants WHERE job_id = ${jobId}))`,
      ),
    );
  if (!test) throw notFound('De A/B-test');
  return test;
}

async function variantsStillSending(db: Database, testId: string): Promise<boolean> {
  const sending = await db
    .select({ id: deliveryJobs.id })
    .from(abTestVariants)
    .innerJoin(deliveryJobs, eq(deliveryJobs.id, abTestVariants.jobId))
    .where(and(eq(abTestVariants.testId, testId), inArray(deliveryJobs.status, activeDeliveryJobStatuses)));
  return sending.length > 0;
}

/** A parent is the test as a whole: sent once its remainder job has finished. */
async function finishSentParents(db: Database, now: Date): Promise<void> {
  const finished = await db
    .select({ parentJobId: abTests.parentJobId })
    .from(abTests)
    .innerJoin(deliveryJobs, eq(deliveryJobs.id, abTests.remainderJobId))
    .where(and(isNotNull(abTests.remainderJobId), inArray(deliveryJobs.status, ['Verzonden', 'Mislukt'])));
  if (finished.length === 0) return;
  await db
    .update(deliveryJobs)
    .set({ status: 'Verzonden', finishedAt: now })
    .where(
      and(
        inArray(
          deliveryJobs.id,
          finished.map((row) => row.parentJobId),
        ),
        eq(deliveryJobs.status, 'Bezig'),
      ),
    );
}
