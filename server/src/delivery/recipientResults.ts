import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deliveryRecipients } from '../db/schema';
import type { MergeValues } from '../rendering/mergeFields';

// Reading the recipients still to send, and recording each one's result in the statement that also counts
// it on the job: the row and the counter change together or not at all.

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
  | { status: 'Mislukt'; error: string; attempts: number };

/** Records a waiting recipient's result and counts it on the job, in one statement. */
export async function recordResult(
  db: Database,
  jobId: string,
  recipientId: number,
  result: RecipientResult,
  now: Date,
): Promise<void> {
  const counter = result.status === 'Verzonden' ? sql.raw('sent_count') : sql.raw('failed_count');
  await db.execute(sql`
    WITH recorded AS (
      UPDATE delivery_recipients
      SET status = ${result.status},
          message_id = ${result.status === 'Verzonden' ? result.messageId : null},
          detail = ${result.status === 'Mislukt' ? result.error : null},
          attempts = ${result.attempts},
          finished_at = ${now.toISOString()}::timestamptz
      WHERE id = ${recipientId} AND job_id = ${jobId} AND status = 'Wachtend'
      RETURNING 1
    )
    UPDATE delivery_jobs SET ${counter} = ${counter} + (SELECT count(*) FROM recorded)::int
    WHERE id = ${jobId}`);
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
