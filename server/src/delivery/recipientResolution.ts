import { eq, sql, type SQL } from 'drizzle-orm';
import type { ParticipantGroup } from '../contract/publications';
import type { Database } from '../db/client';
import { abTests, deliveryJobs, subscribers } from '../db/schema';
import { splitTestRecipients, testOfVariantJob } from '../abTests/testResolution';
import { audienceAddressesQuery } from '../receivers/audienceRecipients';
import { qualifiedColumn } from '../receivers/qualifiedColumn';
import type { RecipientMergeField } from '../rendering/mergeFields';
import { inviteJobRecipients, participantAddressesQuery } from '../rsvp/invitees';
import { selectRows } from './selectRows';
import { undeliverableCause } from '../bounces/undeliverable';

/** Each recipient merge field and the subscriber column it takes its value from. */
export const mergeColumns: Record<RecipientMergeField, SQL> = {
  name: qualifiedColumn(subscribers.name),
  email: qualifiedColumn(subscribers.email),
  initials: qualifiedColumn(subscribers.initials),
  firstName: qualifiedColumn(subscribers.firstName),
  middleName: qualifiedColumn(subscribers.middleName),
  lastName: qualifiedColumn(subscribers.lastName),
  phoneNumber: qualifiedColumn(subscribers.phoneNumber),
  address: qualifiedColumn(subscribers.address),
  postalCode: qualifiedColumn(subscribers.postalCode),
  city: qualifiedColumn(subscribers.city),
  country: qualifiedColumn(subscribers.country),
};

export interface ResolvedJob {
  recipientCount: number;
  skippedCount: number;
}

/**
 * Writes the job's recipient rows once, in one transaction with the job's `resolved_at`: every address the
 * audience reaches, those to send to as 'Wachtend', global unsubscribers and repeated addresses as
 * 'Overgeslagen' with the reason ('Uitgeschreven', 'Onbestelbaar' after a hard bounce, 'Dubbel adres'). A crash before the commit leaves nothing; after it, resolution is
 * never repeated (the job row is locked and `resolved_at` checked first).
 *
 * RSVP: a job for participants ('Deelnemers - RsvP die komen', '… nog geen antwoord', '… wachtlijst') reaches
 * the publication's invitees of that group (rsvp/invitees.ts); any other job of an invitation makes its recipients
 * invitees in the same transaction, unless it has `ignoreRsvp`.
 */
export async function resolveRecipients(db: Database, jobId: string, now = new Date()): Promise<ResolvedJob> {
  // A variant of an A/B test takes its share of the test's one resolution (abTests/testResolution.ts).
  const testId = await testOfVariantJob(db, jobId);
  if (testId) {
    const [parent] = await db.select({ id: abTests.parentJobId }).from(abTests).where(eq(abTests.id, testId));
    await resolveRecipients(db, parent.id);
    await splitTestRecipients(db, testId, now);
    const [job] = await db
      .select({ recipientCount: deliveryJobs.recipientCount, skippedCount: deliveryJobs.skippedCount })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.id, jobId));
    return job;
  }
  const resolved = await writeRecipients(db, jobId);
  // Fresh statistics for the rows just written: with the table's old ones (often from when it was small)
  // the planner takes a job's waiting rows to be few and scans them all to record a batch of results by id
  // (15 ms a statement on PostgreSQL at 100,000, instead of well under 1). PGlite has no autovacuum at all.
  await db.execute(sql`ANALYZE delivery_recipients`);
  return resolved;
}

/**
 * The number of addresses a job for this choice would send to if it started now: the same audience query
 * resolution inserts from, counting the rows it would mark 'Wachtend' (not unsubscribed, not a repeat).
 * A job for participants counts the invitees of its group (see above).
 */
export async function countRecipientsToSend(
  db: Database,
  environmentId: string,
  choice: { audienceId: string | null; participantGroup: ParticipantGroup | null; publicationId: string },
): Promise<number> {
  const addresses = choice.participantGroup
    ? participantAddressesQuery(environmentId, choice.publicationId, choice.participantGroup, mergeColumns)
    : choice.audienceId
      ? await audienceAddressesQuery(db, environmentId, choice.audienceId, mergeColumns)
      : undefined;
  if (!addresses) return 0;
  const [row] = await selectRows<{ waiting: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE NOT unsubscribed AND NOT duplicate)::int AS waiting
        FROM (${addresses}) AS audience_addresses`,
  );
  return row.waiting;
}

/**
 * For each of `fields`: how many of the addresses a job for this choice would send to now have no value
 * for it (empty or only spaces, as filling leaves it), and the first such address.
 */
export async function countEmptyMergeValues(
  db: Database,
  environmentId: string,
  choice: { audienceId: string | null; participantGroup: ParticipantGroup | null; publicationId: string },
  fields: readonly RecipientMergeField[],
): Promise<Array<{ field: RecipientMergeField; empty: number; example: string | null }>> {
  const addresses = choice.participantGroup
    ? participantAddressesQuery(environmentId, choice.publicationId, choice.participantGroup, mergeColumns)
    : choice.audienceId
      ? await audienceAddressesQuery(db, environmentId, choice.audienceId, mergeColumns)
      : undefined;
  if (!addresses || fields.length === 0) return [];
  const empty = (field: RecipientMergeField) =>
    sql`NOT unsubscribed AND NOT duplicate AND coalesce(btrim(merge_values ->> ${field}), '') = ''`;
  const [row] = await selectRows<Record<string, number | string | null>>(
    db,
    sql`SELECT ${sql.join(
      fields.map(
        (field, index) =>
          sql`count(*) FILTER (WHERE ${empty(field)})::int AS ${sql.raw(`empty${index}`)},
              min(email) FILTER (WHERE ${empty(field)}) AS ${sql.raw(`example${index}`)}`,
      ),
      sql`, `,
    )}
        FROM (${addresses}) AS audience_addresses`,
  );
  return fields.map((field, index) => ({
    field,
    empty: Number(row[`empty${index}`]),
    example: (row[`example${index}`] as string | null) ?? null,
  }));
}

async function writeRecipients(db: Database, jobId: string): Promise<ResolvedJob> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({
        environmentId: deliveryJobs.environmentId,
        publicationId: deliveryJobs.publicationId,
        audienceId: deliveryJobs.audienceId,
        participantGroup: deliveryJobs.participantGroup,
        resolvedAt: deliveryJobs.resolvedAt,
        recipientCount: deliveryJobs.recipientCount,
        skippedCount: deliveryJobs.skippedCount,
      })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.id, jobId))
      .for('update');
    if (job.resolvedAt) return { recipientCount: job.recipientCount, skippedCount: job.skippedCount };

    const addresses = job.participantGroup
      ? participantAddressesQuery(job.environmentId, job.publicationId, job.participantGroup, mergeColumns)
      : job.audienceId
        ? await audienceAddressesQuery(
            tx as unknown as Database,
            job.environmentId,
            job.audienceId,
            mergeColumns,
          )
        : undefined;
    if (addresses) {
      await tx.execute(sql`
        INSERT INTO delivery_recipients (job_id, environment_id, subscriber_id, email, merge_values, status, detail)
        SELECT ${jobId}, ${job.environmentId}, subscriber_id, email, merge_values,
               CASE WHEN unsubscribed OR duplicate THEN 'Overgeslagen' ELSE 'Wachtend' END,
               CASE WHEN unsubscribed THEN ${skipReason(job.environmentId)}
                    WHEN duplicate THEN 'Dubbel adres' END
        FROM (${addresses}) AS audience_addresses`);
    }
    // A job to participants only writes to those already invited.
    if (!job.participantGroup) await inviteJobRecipients(tx, jobId);
    const [counts] = await selectRows<{ waiting: number; skipped: number }>(
      tx,
      sql`SELECT count(*) FILTER (WHERE status = 'Wachtend')::int AS waiting,
                 count(*) FILTER (WHERE status = 'Overgeslagen')::int AS skipped
          FROM delivery_recipients WHERE job_id = ${jobId}`,
    );
    await tx
      .update(deliveryJobs)
      .set({ resolvedAt: new Date(), recipientCount: counts.waiting, skippedCount: counts.skipped })
      .where(eq(deliveryJobs.id, jobId));
    return { recipientCount: counts.waiting, skippedCount: counts.skipped };
  });
}

/**
 * Why an unsubscribed address of audience_addresses is skipped: 'Onbestelbaar' when it was excluded for
 * bouncing (bounces/undeliverable.ts), 'Uitgeschreven' otherwise (unsubscribed, or a complaint).
 */
function skipReason(environmentId: string): SQL {
  return sql`CASE WHEN EXISTS (
      SELECT 1 FROM unsubscribers u
      WHERE u.environment_id = ${environmentId} AND u.removed_at IS NULL
        AND lower(u.email) = lower(audience_addresses.email) AND u.cause = ${undeliverableCause}
    ) THEN ${undeliverableCause} ELSE 'Uitgeschreven' END`;
}
