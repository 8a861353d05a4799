import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { undeliverableCause } from '../bounces/undeliverable';
import type { Database } from '../db/client';
import { deliveryRecipients } from '../db/schema';
import type { MergeValues } from '../rendering/mergeFields';

// Reading the recipients still to send, and recording their results in the statement that also counts them
// on the job: the rows and the counters change together or not at all.

export interface WaitingRecipient {
  id: number;
  email: string;
  mergeValues: MergeValues;
}

/** The next `limit` waiting recipients of the job after `afterId`, in id order. */
export async function waitingRecipients(
  db: Database,
  jobId: string,
  afterId: number,
  limit: number,
): Promise<WaitingRecipient[]> {
  return db
    .select({
      id: deliveryRecipients.id,
      email: deliveryRecipients.email,
      mergeValues: deliveryRecipients.mergeValues,
    })
    .from(deliveryRecipients)
    .where(
      and(
        eq(deliveryRecipients.jobId, jobId),
        eq(deliveryRecipients.status, 'Wachtend'),
        gt(deliveryRecipients.id, afterId),
      ),
    )
    .orderBy(asc(deliveryRecipients.id))
    .limit(limit);
}

/** Whether the job still has recipients waiting. */
export async function hasWaitingRecipients(db: Database, jobId: string): Promise<boolean> {
  return (await waitingRecipients(db, jobId, 0, 1)).length > 0;
}

export type RecipientResult =
  | { status: 'Verzonden'; messageId: string; attempts: number }
  | {
      status: 'Mislukt';
      error: string;
      attempts: number;
      /** The server refused the address for good (5xx to RCPT TO): a hard bounce at sending. */
      undeliverable?: boolean;
    };

export interface RecordedResult {
  recipientId: number;
  result: RecipientResult;
}

/**
 * Records the results of waiting recipients and counts them on the job, in one statement: the rows and the
 * counters change together or not at all. A recipient no longer waiting (recorded before) is left as it is
 * and not counted again.
 *
 * A hard bounce at sending (the address refused with 5xx) reads 'Onbestelbaar: <the SMTP answer>' and, in
 * the same statement, makes the address 'Onbestelbaar' among the unsubscribers, as a bounce report does
 * (bounces/undeliverable.ts): every later job skips it.
 */
export async function recordResults(
  db: Database,
  jobId: string,
  results: readonly RecordedResult[],
  now: Date,
): Promise<void> {
  if (results.length === 0) return;
  const rows = results.map(({ recipientId, result }) => ({
    id: recipientId,
    status: result.status,
    message_id: result.status === 'Verzonden' ? result.messageId : null,
    detail: result.status !== 'Mislukt' ? null : failureDetail(result),
    attempts: result.attempts,
    undeliverable: result.status === 'Mislukt' && result.undeliverable === true,
  }));
  await db.execute(sql`
    WITH results AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(id bigint, status text, message_id text, detail text, attempts integer, undeliverable boolean)
    ), recorded AS (
      UPDATE delivery_recipients AS recipient
      SET status = results.status,
          message_id = results.message_id,
          detail = results.detail,
          attempts = results.attempts,
          finished_at = ${now.toISOString()}::timestamptz
      FROM results
      WHERE recipient.id = ANY(ARRAY(SELECT id FROM results)) AND recipient.id = results.id
        AND recipient.job_id = ${jobId} AND recipient.status = 'Wachtend'
      RETURNING recipient.id, recipient.status, recipient.environment_id, recipient.email
    ), undeliverable AS (
      INSERT INTO unsubscribers (environment_id, email, created_at, cause, cause_detail)
      SELECT recorded.environment_id, recorded.email, ${now.toISOString()}::timestamptz,
             ${undeliverableCause},
             'Harde bounce bij verzenden van ''' || job.title || ''': ' || results.detail
      FROM recorded
      JOIN results ON results.id = recorded.id AND results.undeliverable
      JOIN delivery_jobs job ON job.id = ${jobId}
      ON CONFLICT (environment_id, lower(email)) WHERE removed_at IS NULL DO NOTHING
    )
    UPDATE delivery_jobs
    SET sent_count = sent_count + (SELECT count(*) FROM recorded WHERE status = 'Verzonden')::int,
        failed_count = failed_count + (SELECT count(*) FROM recorded WHERE status = 'Mislukt')::int
    WHERE id = ${jobId}`);
}

function failureDetail(result: Extract<RecipientResult, { status: 'Mislukt' }>): string {
  return result.undeliverable ? `${undeliverableCause}: ${result.error}` : result.error;
}

/** Whom an unsubscribe link is for: the environment and address of a recipient row. */
export async function unsubscribeTarget(
  db: Database,
  recipientId: number,
): Promise<{ environmentId: string; email: string } | undefined> {
  const [row] = await db
    .select({ environmentId: deliveryRecipients.environmentId, email: deliveryRecipients.email })
    .from(deliveryRecipients)
    .where(eq(deliveryRecipients.id, recipientId));
  return row;
}
