import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { selectRows } from '../delivery/selectRows';

// Retention (issue 24): RSVP_RETENTION_DAYS (default 90) after an invitation's event has ended, its
// invitees' personal data goes: address, name, subscriber and the answers to the questions. What stays
// is what the counts need (answer, guests, waiting) and the answer history without anyone in it, so the
// RSVP page still shows how many came. Their queued emails are deleted (there is no one to send them to).
// One event per transaction, a bounded number per run, each marked `anonymised_at` in the same
// transaction: a crash leaves an event either untouched or done, and the next run continues.

/** Events anonymised per run at most (the rest follow on the next run, a minute later). */
const eventsPerRun = 20;

/** The address an anonymised invitee keeps: unique per publication, never deliverable (.invalid). */
const anonymousAddress = sql`'genodigde-' || rsvp_invitees.id || '@geanonimiseerd.invalid'`;

/** Anonymises the invitees of events that ended more than `retentionDays` before `now`; answers how many events. */
export async function anonymiseExpiredInvitations(
  db: Database,
  now: Date,
  retentionDays: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const due = await selectRows<{ publication_id: string }>(
    db,
    sql`SELECT publication_id FROM rsvp_events
        WHERE anonymised_at IS NULL AND ends_at < ${cutoff}
        ORDER BY ends_at LIMIT ${eventsPerRun}`,
  );
  for (const { publication_id: publicationId } of due) await anonymiseInvitation(db, publicationId, now);
  return due.length;
}

/**
 * Anonymises one invitation's invitees in one transaction, marked `anonymised_at`; nothing when it was
 * already (the RSVP retention and an environment's own retention period both call it).
 */
export async function anonymiseInvitation(db: Database, publicationId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // The event's row lock: an answer (rsvp/answers.ts) never interleaves with the anonymisation.
    const [event] = await selectRows<{ publication_id: string }>(
      tx,
      sql`SELECT publication_id FROM rsvp_events
          WHERE publication_id = ${publicationId} AND anonymised_at IS NULL FOR UPDATE`,
    );
    if (!event) return;
    await tx.execute(sql`
      UPDATE rsvp_invitees
      SET email = ${anonymousAddress}, name = NULL, subscriber_id = NULL, question_answers = '[]'::jsonb
      WHERE publication_id = ${publicationId}`);
    await tx.execute(sql`DELETE FROM rsvp_mail_outbox WHERE publication_id = ${publicationId}`);
    await tx.execute(
      sql`UPDATE rsvp_events SET anonymised_at = ${now} WHERE publication_id = ${publicationId}`,
    );
  });
}
