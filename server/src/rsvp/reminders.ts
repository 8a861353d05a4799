import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { selectRows } from '../delivery/selectRows';
import { answersClosed } from './eventRules';

// Two reminders, each an invitation's setting in days (off by default):
// - 'Herinnering' (`reminder_days`, kind 'herinnering'): from that many days before the deadline (or the
//   start, without one) until the deadline, every invitee without an answer gets one reminder.
// - 'Herinnering aan wie komt' (`event_reminder_days`, kind 'herinnering-bijeenkomst'): from that many
//   days before the event until it starts, every invitee who said Ja (not waiting) gets one reminder.
// Both are queued in the RSVP email outbox like every RSVP email (mailOutbox.ts sends it once, under a
// lease), and the outbox's unique index per kind on the invitee makes a second queuing a no-op: however
// often and in however many processes this runs, an invitee gets each reminder at most once. The sender
// checks again before sending (mailOutbox.ts): a changed answer, the deadline or the start in between
// skips it.

/** Queues the reminders that are due at `now`; answers how many were queued (new rows only). */
export async function queueDueReminders(db: Database, now: Date): Promise<number> {
  return (await queueAnswerReminders(db, now)) + (await queueEventReminders(db, now));
}

async function queueAnswerReminders(db: Database, now: Date): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO rsvp_mail_outbox (environment_id, publication_id, invitee_id, kind, sequence)
        SELECT i.environment_id, i.publication_id, i.id, 'herinnering', e.sequence
        FROM rsvp_events e
        JOIN rsvp_invitees i ON i.publication_id = e.publication_id
        WHERE e.enabled AND e.cancelled_at IS NULL AND e.reminder_days IS NOT NULL
          AND coalesce(e.deadline, e.starts_at) > ${now}
          AND coalesce(e.deadline, e.starts_at) - make_interval(days => e.reminder_days) <= ${now}
          AND i.answer IS NULL AND NOT i.waiting
        ON CONFLICT (invitee_id) WHERE kind = 'herinnering' DO NOTHING
        RETURNING id`,
  );
  return rows.length;
}

async function queueEventReminders(db: Database, now: Date): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO rsvp_mail_outbox (environment_id, publication_id, invitee_id, kind, sequence)
        SELECT i.environment_id, i.publication_id, i.id, 'herinnering-bijeenkomst', e.sequence
        FROM rsvp_events e
        JOIN rsvp_invitees i ON i.publication_id = e.publication_id
        WHERE e.enabled AND e.cancelled_at IS NULL AND e.event_reminder_days IS NOT NULL
          AND e.starts_at > ${now}
          AND e.starts_at - make_interval(days => e.event_reminder_days) <= ${now}
          AND i.answer = 'Ja' AND NOT i.waiting
        ON CONFLICT (invitee_id) WHERE kind = 'herinnering-bijeenkomst' DO NOTHING
        RETURNING id`,
  );
  return rows.length;
}

/** Whether a queued reminder to those who come is still worth sending: still Ja, not started, not cancelled. */
export function eventReminderStillDue(
  event: { startsAt: Date; cancelledAt: Date | null },
  invitee: { answer: string | null; waiting: boolean },
  now: Date,
): boolean {
  return event.cancelledAt === null && invitee.answer === 'Ja' && !invitee.waiting && now < event.startsAt;
}

/** Whether a queued reminder is still worth sending: no answer yet, still open, not cancelled. */
export function reminderStillDue(
  event: { deadline: Date | null; startsAt: Date; cancelledAt: Date | null },
  invitee: { answer: string | null; waiting: boolean },
  now: Date,
): boolean {
  return (
    event.cancelledAt === null && invitee.answer === null && !invitee.waiting && !answersClosed(event, now)
  );
}
