import { cancelTestOfParent } from '../abTests/cancelTest';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';
import { logMoment } from '../auditLog/logMoment';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { activeDeliveryJobStatuses, type DeliveryJobStatus } from '../contract/publications';
import type { Database } from '../db/client';
import { deliveryJobs } from '../db/schema';
import { ApiError, notFound } from '../errors';

// The states of a delivery job and every change between them, each one conditional UPDATE so two
// workers, or a worker and a person cancelling, can never both win:
//
//   Gepland ──claim──▶ Bezig ──finish──▶ Verzonden | Mislukt
//      └──────cancel──────┴──────────────▶ Geannuleerd
//
// A running job is held by one worker through a lease (owner + expiry) that the worker renews while it
// works; a worker that dies stops renewing, and once the lease has expired another worker may claim the
// job and go on with the recipients still 'Wachtend'.
//
// The parent job of an A/B test is never claimed: its variant jobs and, after the decision, its remainder
// job send its recipients (abTests/).

/** Not the parent of an A/B test. */
const notTestParent = sql`NOT EXISTS (SELECT 1 FROM ab_tests WHERE ab_tests.parent_job_id = ${deliveryJobs.id})`;

export type ClaimResult =
  | { claimed: true; environmentId: string; resolved: boolean }
  | { claimed: false; reason: 'finished' | 'notDue' | 'held'; scheduledAt?: Date };

/** Claims a due job for `owner` (also one it already holds) and marks it 'Bezig'. */
export async function claimJob(
  db: Database,
  jobId: string,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<ClaimResult> {
  const [claimed] = await db
    .update(deliveryJobs)
    .set({
      status: 'Bezig',
      startedAt: sql`coalesce(${deliveryJobs.startedAt}, ${now.toISOString()}::timestamptz)`,
      leaseOwner: owner,
      leaseUntil: new Date(now.getTime() + leaseMs),
    })
    .where(
      and(
        eq(deliveryJobs.id, jobId),
        inArray(deliveryJobs.status, activeDeliveryJobStatuses),
        lte(deliveryJobs.scheduledAt, now),
        notTestParent,
        or(
          isNull(deliveryJobs.leaseUntil),
          lt(deliveryJobs.leaseUntil, now),
          eq(deliveryJobs.leaseOwner, owner),
        ),
      ),
    )
    .returning({ environmentId: deliveryJobs.environmentId, resolvedAt: deliveryJobs.resolvedAt });
  if (claimed) return { claimed: true, environmentId: claimed.environmentId, resolved: !!claimed.resolvedAt };
  const [job] = await db
    .select({ status: deliveryJobs.status, scheduledAt: deliveryJobs.scheduledAt })
    .from(deliveryJobs)
    .where(eq(deliveryJobs.id, jobId));
  if (!job || (job.status !== 'Gepland' && job.status !== 'Bezig'))
    return { claimed: false, reason: 'finished' };
  if (job.scheduledAt > now) return { claimed: false, reason: 'notDue', scheduledAt: job.scheduledAt };
  return { claimed: false, reason: 'held' };
}

/** Extends the owner's lease; false when the job is no longer the owner's to run (cancelled, taken over). */
export async function renewLease(
  db: Database,
  jobId: string,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const renewed = await db
    .update(deliveryJobs)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.leaseOwner, owner), eq(deliveryJobs.status, 'Bezig')),
    )
    .returning({ id: deliveryJobs.id });
  return renewed.length > 0;
}

/** Gives up the lease without finishing (the process stops): another worker may go on at once. */
export async function releaseLease(db: Database, jobId: string, owner: string): Promise<void> {
  await db
    .update(deliveryJobs)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.leaseOwner, owner)));
}

/**
 * Releases every lease: only for the embedded database, whose data-directory lock guarantees that the
 * process starting now is the only one, so any lease found is a dead process's.
 */
export async function releaseAllLeases(db: Database): Promise<void> {
  await db
    .update(deliveryJobs)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(sql`${deliveryJobs.leaseOwner} IS NOT NULL`);
}

/**
 * Ends a running job: 'Verzonden' when every recipient was handled, 'Mislukt' with the reason when none
 * could be sent or the job could not go on. Only the lease owner can finish, and only a running job.
 */
export async function finishJob(
  db: Database,
  jobId: string,
  owner: string,
  now: Date,
  outcome: { status: 'Verzonden' } | { status: 'Mislukt'; reason: string },
): Promise<void> {
  await db
    .update(deliveryJobs)
    .set({
      status: outcome.status,
      failureReason: outcome.status === 'Mislukt' ? outcome.reason : null,
      finishedAt: now,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(
      and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.leaseOwner, owner), eq(deliveryJobs.status, 'Bezig')),
    );
}

const notCancellable = (status: string) =>
  new ApiError(409, `Deze verzendopdracht kan niet meer worden geannuleerd (status: ${status}).`, 'status');

/**
 * Cancels a planned or running job of the environment: 404 for an unknown one, 409 for a finished one.
 * A running job stops before its next batch; messages already handed to the mail server stay sent.
 */
export async function cancelJob(
  db: Database,
  environmentId: string,
  jobId: string,
  now: Date,
  actor: LogActor,
): Promise<void> {
  const cancelled = await db.transaction(async (tx) => {
    const [job] = await tx
      .update(deliveryJobs)
      .set({ status: 'Geannuleerd', finishedAt: now, leaseOwner: null, leaseUntil: null })
      .where(
        and(
          eq(deliveryJobs.id, jobId),
          eq(deliveryJobs.environmentId, environmentId),
          inArray(deliveryJobs.status, activeDeliveryJobStatuses),
        ),
      )
      .returning({ id: deliveryJobs.id, title: deliveryJobs.title, sentCount: deliveryJobs.sentCount });
    if (job) {
      // The parent of an A/B test takes its variants and remainder with it.
      await cancelTestOfParent(tx, job.id, now);
      await recordInLog(tx, {
        environmentId,
        actor,
        kind: 'delivery.cancelled',
        resource: { type: 'deliveryJob', id: job.id, label: job.title },
        rowCount: job.sentCount,
        detail: job.sentCount > 0 ? `${job.sentCount} al verzonden` : null,
      });
    }
    return job;
  });
  if (!cancelled) throw notCancellable(await currentStatus(db, environmentId, jobId));
}

/** Moves a planned job to another moment: 404 for an unknown job, 409 once it has started. */
export async function scheduleJob(
  db: Database,
  environmentId: string,
  jobId: string,
  scheduledAt: Date,
  actor: LogActor,
): Promise<void> {
  const scheduled = await db.transaction(async (tx) => {
    const [job] = await tx
      .update(deliveryJobs)
      .set({ scheduledAt })
      .where(
        and(
          eq(deliveryJobs.id, jobId),
          eq(deliveryJobs.environmentId, environmentId),
          eq(deliveryJobs.status, 'Gepland'),
        ),
      )
      .returning({
        id: deliveryJobs.id,
        title: deliveryJobs.title,
        recipientCount: deliveryJobs.recipientCount,
      });
    if (job) {
      await recordInLog(tx, {
        environmentId,
        actor,
        kind: 'delivery.moved',
        resource: { type: 'deliveryJob', id: job.id, label: job.title },
        rowCount: job.recipientCount,
        detail: `verzet naar ${logMoment(scheduledAt)}`,
      });
    }
    return job;
  });
  if (!scheduled) {
    const status = await currentStatus(db, environmentId, jobId);
    throw new ApiError(
      409,
      `Alleen een geplande verzendopdracht kan worden verzet (status: ${status}).`,
      'status',
    );
  }
}

async function currentStatus(db: Database, environmentId: string, jobId: string): Promise<DeliveryJobStatus> {
  const [job] = await db
    .select({ status: deliveryJobs.status })
    .from(deliveryJobs)
    .where(and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.environmentId, environmentId)));
  if (!job) throw notFound('De verzendopdracht');
  return job.status as DeliveryJobStatus;
}

/** Jobs that should be running but nobody holds: due planned jobs, and running jobs whose lease expired. */
export async function unattendedJobs(
  db: Database,
  now: Date,
): Promise<Array<{ id: string; scheduledAt: Date }>> {
  return db
    .select({ id: deliveryJobs.id, scheduledAt: deliveryJobs.scheduledAt })
    .from(deliveryJobs)
    .where(
      and(
        inArray(deliveryJobs.status, activeDeliveryJobStatuses),
        lte(deliveryJobs.scheduledAt, now),
        notTestParent,
        or(isNull(deliveryJobs.leaseUntil), lt(deliveryJobs.leaseUntil, now)),
      ),
    );
}
