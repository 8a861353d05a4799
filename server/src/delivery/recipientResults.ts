import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { recordRefusalAtSend, undeliverableCause } from '../bounces/undeliverable';
import type { Database } from '../db/client';
import { deliveryRecipients } from '../db/schema';
import type { MergeValues } from '../rendering/mergeFields';
import { selectRows } from './selectRows';

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
      /** The server kept answering 4xx until the tries ran out: a soft bounce at sending. */
      softBounce?: boolean;
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
 * A hard bounce at sending (the address refused with 5xx) reads 'Onbestelbaar: <the SMTP answer>'; it
 * and a soft one (a 4xx that stayed) then go through the bounce rule (bounces/undeliverable.ts) in the
 * same transaction, as a bounce report does: a hard one makes the address 'Onbestelbaar' among the
 * unsubscribers at once, soft ones on its last messages in a row do too. Every later job skips it.
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
    bounce:
      result.status !== 'Mislukt' ? null : result.undeliverable ? 'hard' : result.softBounce ? 'soft' : null,
  }));
  await db.transaction(async (tx) => {
    // Only the rows this call recorded (not ones recorded before) bounce, once.
    const bounced = await selectRows<{
      environment_id: string;
      email: string;
      detail: string;
      bounce: 'hard' | 'soft';
      title: string;
    }>(
      tx,
      sql`
      WITH results AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS r(id bigint, status text, message_id text, detail text, attempts integer, bounce text)
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
      ), counted AS (
        UPDATE delivery_jobs
        SET sent_count = sent_count + (SELECT count(*) FROM recorded WHERE status = 'Verzonden')::int,
            failed_count = failed_count + (SELECT count(*) FROM recorded WHERE status = 'Mislukt')::int
        WHERE id = ${jobId}
        RETURNING title
      )
      SELECT recorded.environment_id, recorded.email, results.detail, results.bounce, counted.title
      FROM recorded JOIN results ON results.id = recorded.id CROSS JOIN counted
      WHERE results.bounce IS NOT NULL`,
    );
    for (const row of bounced)
      await recordRefusalAtSend(tx, {
        environmentId: row.environment_id,
        email: row.email,
        kind: row.bounce,
        what: `'${row.title}'`,
        error: row.detail,
        now,
      });
  });
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
