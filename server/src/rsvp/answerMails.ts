import { sql, type SQL } from 'drizzle-orm';

/**
 * How many answer emails ('Je antwoord is ontvangen', 'Je staat op de wachtlijst') one invitee can cause:
 * at most `mails` within any `withinMs`. Past that, answers are still recorded, without an email.
 */
export const answerMailLimit = { mails: 3, withinMs: 60 * 60 * 1000 } as const;

/** What the invitee's answer was, and what it is now (answer, guests, waiting list). */
export interface AnswerChange {
  before: { answer: string | null; guests: number; waiting: boolean };
  after: { answer: string; guests: number; waiting: boolean };
}

/** Only a change of what the email says is emailed: the same answer sent again is not. */
export function answerChanged({ before, after }: AnswerChange): boolean {
  return before.answer !== after.answer || before.guests !== after.guests || before.waiting !== after.waiting;
}

/**
 * The CTE step `answer_mail` that queues the answer's email in the answer's own statement, when the answer
 * changed and the invitee had fewer than `answerMailLimit.mails` answer emails queued in the last
 * `withinMs`. `when` is the statement's own condition that the answer was written (for a statement that
 * writes only if the invitee's row is still as read). The invitee's row is locked by the statement that
 * runs this, so two answers of one invitee never count at once.
 */
export function answerMailStep(
  event: { environmentId: string; publicationId: string; sequence: number },
  inviteeId: number,
  change: AnswerChange,
  now: Date,
  when: SQL = sql`true`,
): SQL {
  const kind = change.after.waiting ? 'wachtlijst' : 'bevestiging';
  const since = new Date(now.getTime() - answerMailLimit.withinMs);
  return sql`answer_mail AS (
      INSERT INTO rsvp_mail_outbox (environment_id, publication_id, invitee_id, kind, sequence, created_at)
      SELECT ${event.environmentId}::uuid, ${event.publicationId}::uuid, ${inviteeId}::bigint, ${kind},
             ${event.sequence}::int, ${now}::timestamptz
      WHERE ${answerChanged(change) ? sql`true` : sql`false`} AND ${when}
        AND (SELECT count(*) FROM rsvp_mail_outbox
             WHERE invitee_id = ${inviteeId}::bigint AND kind IN ('bevestiging', 'wachtlijst')
               AND created_at > ${since}::timestamptz) < ${answerMailLimit.mails}
    )`;
}
