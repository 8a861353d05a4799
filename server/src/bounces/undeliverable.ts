import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { selectRows } from '../delivery/selectRows';
import type { BouncedMessage } from '../sending/bounceAddress';
import type { DeliveryReport } from './deliveryReport';

// What a bounce or complaint does to an address. listmonk blocks on one hard bounce and ignores soft
// ones; Keila weighs a contact's last five messages. Here (issue 25): one hard bounce, or a soft bounce on
// each of the address's last three messages in the environment, makes it 'Onbestelbaar'; a complaint
// unsubscribes it ('Klacht'). Both become an unsubscriber row with that cause, so every delivery, journey
// and invitation skips the address exactly as it skips an unsubscriber, and staff see (and may undo) it on
// the unsubscribers page with the reason.

/**
 * The unsubscriber cause of an address excluded for bouncing; also the reason a job gives for skipping it
 * (delivery/recipientResolution.ts) and the start of a recipient's failure at sending when the server
 * refused the address for good (delivery/recipientResults.ts).
 */
export const undeliverableCause = 'Onbestelbaar';

/** Soft bounces on this many consecutive messages to an address make it 'Onbestelbaar'. */
export const softBouncesInARow = 3;

export type RecordOutcome = 'recorded' | 'repeated' | 'unknown recipient';

type Failure = Extract<DeliveryReport, { kind: 'hard' | 'soft' | 'complaint' }>;

/**
 * Records the report about one sent message (the row its VERP address names: a delivery job's recipient,
 * an RSVP email, a test send, a sign-up form's mail or a re-subscribe confirmation) and applies the rule above, in one transaction: the same report twice is
 * recorded once ('repeated').
 */
export async function recordDeliveryReport(
  db: Database,
  message: BouncedMessage,
  report: Failure,
  now: Date,
): Promise<RecordOutcome> {
  return db.transaction(async (tx) => {
    const [sent] = await selectRows<{ environment_id: string; email: string; title: string }>(
      tx,
      sentMessage(message),
    );
    if (!sent) return 'unknown recipient';
    // One address at a time: two soft bounces of different messages arriving together both see each other.
    await lockAddress(tx, sent.environment_id, sent.email);
    const inserted = await selectRows<{ id: number }>(
      tx,
      message.kind === 'delivery'
        ? sql`INSERT INTO delivery_bounces (environment_id, job_id, recipient_id, kind, status, diagnostic, received_at)
              SELECT environment_id, job_id, id, ${report.kind}, ${report.status}, ${report.diagnostic}, ${now}
              FROM delivery_recipients WHERE id = ${message.id}
              ON CONFLICT (recipient_id, kind) DO NOTHING RETURNING id`
        : sql`INSERT INTO mail_bounces (environment_id, message_kind, message_id, kind, status, diagnostic, received_at)
              VALUES (${sent.environment_id}, ${message.kind}, ${message.id}, ${report.kind}, ${report.status},
                      ${report.diagnostic}, ${now})
              ON CONFLICT (message_kind, message_id, kind) DO NOTHING RETURNING id`,
    );
    if (inserted.length === 0) return 'repeated';

    const exclude = (cause: ExclusionCause, detail: string) =>
      excludeAddress(tx, {
        environmentId: sent.environment_id,
        email: sent.email,
        cause,
        detail,
        now,
      });
    const about = aboutMessage[message.kind](sent.title);
    if (report.kind === 'complaint') {
      await exclude('Klacht', `Als spam gemeld na ${about}.`);
    } else if (report.kind === 'hard') {
      await exclude(
        undeliverableCause,
        `Harde bounce ${report.status} na ${about}${answer(report.diagnostic)}`,
      );
    } else if (await softInARow(tx, sent.environment_id, sent.email)) {
      await exclude(
        undeliverableCause,
        `Zachte bounce op ${softBouncesInARow} verzendingen op rij, de laatste ${report.status} na ${about}${answer(report.diagnostic)}`,
      );
    }
    if (message.kind === 'signup' && report.kind !== 'soft') await stopPendingSignUp(tx, message.id, now);
    return 'recorded';
  });
}

/** How a reason names the message: the job's title, the RSVP email's event, the test's subject. */
const aboutMessage: Record<BouncedMessage['kind'], (title: string) => string> = {
  delivery: (title) => `'${title}'`,
  rsvp: (title) => `de RSVP-mail van '${title}'`,
  test: (title) => `de test '${title}'`,
  signup: (title) => `de mail van het aanmeldformulier '${title}'`,
  resubscribe: () => 'de bevestigingsmail voor opnieuw aanmelden',
};

/**
 * A sign-up's confirmation mail that bounced for good, or was reported as spam: its pending sign-up ends
 * now (the link no longer confirms, the expiry duty removes it) and the mail is never tried again.
 * A confirmed sign-up stays as it is.
 */
async function stopPendingSignUp(tx: Pick<Database, 'execute'>, outboxId: number, now: Date): Promise<void> {
  await tx.execute(sql`UPDATE sign_up_mail_outbox SET sent_at = coalesce(sent_at, ${now}), lease_until = NULL
      WHERE id = ${outboxId}`);
  await tx.execute(sql`UPDATE pending_sign_ups SET expires_at = ${now}
      WHERE confirmed_at IS NULL AND expires_at > ${now}
        AND id = (SELECT pending_sign_up_id FROM sign_up_mail_outbox WHERE id = ${outboxId})`);
}

/**
 * The sent message a bounce address names: its environment, its address and its title (aboutMessage). An
 * RSVP email's row counts as soon as it exists: its signed address went out only with the message, and a
 * report may come before the sender marked the row sent.
 */
function sentMessage(message: BouncedMessage): SQL {
  switch (message.kind) {
    case 'delivery':
      return sql`SELECT r.environment_id, r.email, j.title
          FROM delivery_recipients r JOIN delivery_jobs j ON j.id = r.job_id
          WHERE r.id = ${message.id} AND r.status IN ('Verzonden', 'Mislukt')`;
    case 'rsvp':
      return sql`SELECT o.environment_id, i.email, e.title
          FROM rsvp_mail_outbox o
          JOIN rsvp_invitees i ON i.id = o.invitee_id
          JOIN rsvp_events e ON e.publication_id = o.publication_id
          WHERE o.id = ${message.id}`;
    case 'test':
      return sql`SELECT environment_id, email, subject AS title FROM test_sends WHERE id = ${message.id}`;
    case 'signup':
      return sql`SELECT o.environment_id, o.email, f.name AS title
          FROM sign_up_mail_outbox o JOIN sign_up_forms f ON f.id = o.form_id
          WHERE o.id = ${message.id}`;
    case 'resubscribe':
      return sql`SELECT environment_id, email, '' AS title FROM resubscribe_requests WHERE id = ${message.id}`;
  }
}

type ExclusionCause = 'Klacht' | typeof undeliverableCause;

/** Puts the address among the unsubscribers with the cause and why; nothing when it is there already. */
async function excludeAddress(
  db: Pick<Database, 'execute'>,
  exclusion: { environmentId: string; email: string; cause: ExclusionCause; detail: string; now: Date },
): Promise<void> {
  const { environmentId, email, cause, detail, now } = exclusion;
  await db.execute(
    sql`INSERT INTO unsubscribers (environment_id, email, created_at, cause, cause_detail)
        VALUES (${environmentId}, ${email}, ${now}, ${cause}, ${detail})
        ON CONFLICT (environment_id, lower(email)) WHERE removed_at IS NULL DO NOTHING`,
  );
}

/**
 * One address of an environment at a time, until the transaction ends: two bounces of different messages
 * arriving together both see each other; the preference page's writes of one address wait for each other.
 */
export async function lockAddress(db: Pick<Database, 'execute'>, environmentId: string, email: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${environmentId} || lower(${email})))`);
}

/**
 * A refusal when sending, after the tries, applied by the same rule as a report: 'hard' (the server refused
 * the address with 5xx) makes it 'Onbestelbaar' at once; 'soft' (a 4xx that stayed) does when the address's
 * last messages all bounced. Called by every sender in the transaction that records the failure, so a
 * delivery job's recipient row ('Mislukt') is already there for the count; an RSVP email refused when sent
 * reports its hard refusals here. `what` names the mail in the reason ('Nieuwsbrief januari' or
 * 'de bevestiging van …').
 */
export async function recordRefusalAtSend(
  tx: Pick<Database, 'execute'>,
  refusal: {
    environmentId: string;
    email: string;
    kind: 'hard' | 'soft';
    what: string;
    error: string;
    now: Date;
  },
): Promise<void> {
  const { environmentId, email, kind, what, error, now } = refusal;
  await lockAddress(tx, environmentId, email);
  if (kind === 'hard') {
    await excludeAddress(tx, {
      environmentId,
      email,
      cause: undeliverableCause,
      detail: `Harde bounce bij verzenden van ${what}: ${error}`,
      now,
    });
  } else if (await softInARow(tx, environmentId, email)) {
    await excludeAddress(tx, {
      environmentId,
      email,
      cause: undeliverableCause,
      detail: `Zachte bounce op ${softBouncesInARow} verzendingen op rij, de laatste bij verzenden van ${what}: ${error}`,
      now,
    });
  }
}

function answer(diagnostic: string | null): string {
  return diagnostic ? `: ${diagnostic}` : '.';
}

/**
 * Whether each of the address's last messages in the environment (of every kind: a delivery job's, an RSVP
 * email, a test send) bounced (either kind) or was refused when sent ('Mislukt'), and there are at least
 * `softBouncesInARow` of them since staff last let it in.
 */
async function softInARow(
  db: Pick<Database, 'execute'>,
  environmentId: string,
  email: string,
): Promise<boolean> {
  const [row] = await selectRows<{ messages: number; bounced: number }>(
    db,
    sql`WITH readmitted AS (
          -- Staff who let the address in again start its count afresh.
          SELECT coalesce(max(u.removed_at), '-infinity') AS at FROM unsubscribers u
          WHERE u.environment_id = ${environmentId} AND lower(u.email) = lower(${email})
        ),
        messages AS (
          SELECT coalesce(j.started_at, j.created_at) AS at, r.id AS tiebreak,
                 r.status = 'Mislukt' OR EXISTS (
                   SELECT 1 FROM delivery_bounces b WHERE b.recipient_id = r.id AND b.kind IN ('hard', 'soft')
                 ) AS bounced
          FROM delivery_recipients r JOIN delivery_jobs j ON j.id = r.job_id
          WHERE r.environment_id = ${environmentId} AND lower(r.email) = lower(${email})
            AND r.status IN ('Verzonden', 'Mislukt')
          UNION ALL
          SELECT o.sent_at, o.id, EXISTS (
                   SELECT 1 FROM mail_bounces b
                   WHERE b.message_kind = 'rsvp' AND b.message_id = o.id AND b.kind IN ('hard', 'soft')
                 )
          FROM rsvp_mail_outbox o JOIN rsvp_invitees i ON i.id = o.invitee_id
          WHERE i.environment_id = ${environmentId} AND lower(i.email) = lower(${email})
            AND o.sent_at IS NOT NULL AND o.last_error IS NULL
          UNION ALL
          SELECT t.sent_at, t.id, EXISTS (
                   SELECT 1 FROM mail_bounces b
                   WHERE b.message_kind = 'test' AND b.message_id = t.id AND b.kind IN ('hard', 'soft')
                 )
          FROM test_sends t
          WHERE t.environment_id = ${environmentId} AND lower(t.email) = lower(${email})
          UNION ALL
          SELECT s.sent_at, s.id, EXISTS (
                   SELECT 1 FROM mail_bounces b
                   WHERE b.message_kind = 'signup' AND b.message_id = s.id AND b.kind IN ('hard', 'soft')
                 )
          FROM sign_up_mail_outbox s
          WHERE s.environment_id = ${environmentId} AND lower(s.email) = lower(${email})
            AND s.sent_at IS NOT NULL AND s.last_error IS NULL
          UNION ALL
          SELECT q.mailed_at, q.id, EXISTS (
                   SELECT 1 FROM mail_bounces b
                   WHERE b.message_kind = 'resubscribe' AND b.message_id = q.id AND b.kind IN ('hard', 'soft')
                 )
          FROM resubscribe_requests q
          WHERE q.environment_id = ${environmentId} AND lower(q.email) = lower(${email})
            AND q.mailed_at IS NOT NULL
        ),
        latest AS (
          SELECT bounced FROM messages WHERE at > (SELECT at FROM readmitted)
          ORDER BY at DESC, tiebreak DESC
          LIMIT ${softBouncesInARow}
        )
        SELECT count(*)::int AS messages, count(*) FILTER (WHERE bounced)::int AS bounced FROM latest`,
  );
  return row.messages >= softBouncesInARow && row.bounced === row.messages;
}
