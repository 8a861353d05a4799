import { sql } from 'drizzle-orm';
import { retentionDefaults } from '../contract/privacy';
import type { Database } from '../db/client';
import { selectRows } from '../delivery/selectRows';
import { anonymiseInvitation } from '../rsvp/retention';

// Each environment's retention periods ('Bewaartermijnen', retentionSettings.ts), applied once a day
// (retentionDuty.ts) at the moment the caller gives:
// - form answers: a submission goes, whole, this many months after it was sent;
// - RSVP answers: an invitation's invitees are anonymised this many months after its event ended, as the
//   platform's RSVP retention does (rsvp/retention.ts), so the counts stay;
// - inactive subscribers (only when set): a subscriber not added or changed in this many months, to whom
//   nothing was sent in that time, leaves the list.
// Each step is one statement (or one transaction per invitation), so a crash leaves every row either
// kept or gone, and the next run finishes the work.

/** Months of an environment's settings, the defaults where it saved none. */
const settingsOf = sql`(
  SELECT e.id AS environment_id,
    coalesce(r.form_answer_months, ${retentionDefaults.formAnswerMonths}) AS form_answer_months,
    coalesce(r.rsvp_answer_months, ${retentionDefaults.rsvpAnswerMonths}) AS rsvp_answer_months,
    r.inactive_subscriber_months
  FROM environments AS e LEFT JOIN retention_settings AS r ON r.environment_id = e.id
) AS settings`;

const monthsBefore = (now: Date, months: SQL) =>
  sql`(${now.toISOString()}::timestamptz - make_interval(months => ${months}))`;
type SQL = ReturnType<typeof sql>;

export interface RetentionResult {
  formSubmissions: number;
  invitations: number;
  subscribers: number;
}

export async function applyRetention(db: Database, now: Date): Promise<RetentionResult> {
  const submissions = await selectRows<{ id: string }>(
    db,
    sql`WITH expired AS (
          SELECT fs.id FROM flow_submissions AS fs
          JOIN flows AS f ON f.id = fs.flow_id
          JOIN ${settingsOf} ON settings.environment_id = f.environment_id
          WHERE fs.created_at < ${monthsBefore(now, sql`settings.form_answer_months`)}),
        unqueued AS (DELETE FROM journey_outbox WHERE submission_id IN (SELECT id FROM expired))
        DELETE FROM flow_submissions WHERE id IN (SELECT id FROM expired) RETURNING id`,
  );
  const invitations = await selectRows<{ publication_id: string }>(
    db,
    sql`SELECT ev.publication_id FROM rsvp_events AS ev
        JOIN ${settingsOf} ON settings.environment_id = ev.environment_id
        WHERE ev.anonymised_at IS NULL AND ev.ends_at < ${monthsBefore(now, sql`settings.rsvp_answer_months`)}`,
  );
  for (const { publication_id: publicationId } of invitations)
    await anonymiseInvitation(db, publicationId, now);
  const subscribers = await selectRows<{ removed: number }>(
    db,
    sql`WITH inactive AS (
          SELECT s.id, s.list_id FROM subscribers AS s
          JOIN lists AS l ON l.id = s.list_id
          JOIN ${settingsOf} ON settings.environment_id = l.environment_id
          WHERE settings.inactive_subscriber_months IS NOT NULL
            AND s.updated_at < ${monthsBefore(now, sql`settings.inactive_subscriber_months`)}
            AND s.created_at < ${monthsBefore(now, sql`settings.inactive_subscriber_months`)}
            AND NOT EXISTS (
              SELECT 1 FROM delivery_recipients AS r
              WHERE r.subscriber_id = s.id AND r.status = 'Verzonden'
                AND r.finished_at >= ${monthsBefore(now, sql`settings.inactive_subscriber_months`)})),
        unqueued AS (DELETE FROM journey_outbox WHERE subscriber_id IN (SELECT id FROM inactive)),
        gone AS (DELETE FROM subscribers WHERE id IN (SELECT id FROM inactive) RETURNING list_id),
        counted AS (
          UPDATE lists SET subscriber_count = lists.subscriber_count - g.removed
          FROM (SELECT list_id, count(*)::int AS removed FROM gone GROUP BY list_id) AS g
          WHERE lists.id = g.list_id)
        SELECT count(*)::int AS removed FROM gone`,
  );
  return {
    formSubmissions: submissions.length,
    invitations: invitations.length,
    subscribers: subscribers[0]?.removed ?? 0,
  };
}
