import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { selectRows } from '../delivery/selectRows';
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
 * Records the report about one delivered message (the recipient row its VERP address names) and applies
 * the rule above, in one transaction: the same report twice is recorded once ('repeated').
 */
export async function recordDeliveryReport(
  db: Database,
  recipientId: number,
  report: Failure,
  now: Date,
): Promise<RecordOutcome> {
  return db.transaction(async (tx) => {
    const [recipient] = await selectRows<{
      environment_id: string;
      job_id: string;
      email: string;
      title: string;
    }>(
      tx,
      sql`SELECT r.environment_id, r.job_id, r.email, j.title
          FROM delivery_recipients r JOIN delivery_jobs j ON j.id = r.job_id
          WHERE r.id = ${recipientId} AND r.status IN ('Verzonden', 'Mislukt')`,
    );
    if (!recipient) return 'unknown recipient';
    // One address at a time: two soft bounces of different jobs arriving together both see each other.
    await lockAddress(tx, recipient.environment_id, recipient.email);
    const inserted = await selectRows<{ id: number }>(
      tx,
      sql`INSERT INTO delivery_bounces (environment_id, job_id, recipient_id, kind, status, diagnostic, received_at)
          VALUES (${recipient.environment_id}, ${recipient.job_id}, ${recipientId}, ${report.kind},
                  ${report.status}, ${report.diagnostic}, ${now})
          ON CONFLICT (recipient_id, kind) DO NOTHING RETURNING id`,
    );
    if (inserted.length === 0) return 'repeated';

    const exclude = (cause: ExclusionCause, detail: string) =>
      excludeAddress(tx, {
        environmentId: recipient.environment_id,
        email: recipient.email,
        cause,
        detail,
        now,
      });
    const about = `'${recipient.title}'`;
    if (report.kind === 'complaint') {
      await exclude('Klacht', `Als spam gemeld na ${about}.`);
    } else if (report.kind === 'hard') {
      await exclude(
        undeliverableCause,
        `Harde bounce ${report.status} na ${about}${answer(report.diagnostic)}`,
      );
    } else if (await softInARow(tx, recipient.environment_id, recipient.email)) {
      await exclude(
        undeliverableCause,
        `Zachte bounce op ${softBouncesInARow} verzendingen op rij, de laatste ${report.status} na ${about}${answer(report.diagnostic)}`,
      );
    }
    return 'recorded';
  });
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

/** One address at a time: two bounces of different messages arriving together both see each other. */
async function lockAddress(db: Pick<Database, 'execute'>, environmentId: string, email: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${environmentId} || lower(${email})))`);
}

/**
 * A refusal when sending, after the tries, applied by the same rule as a report: 'hard' (the server refused
 * the address with 5xx) makes it 'Onbestelbaar' at once; 'soft' (a 4xx that stayed) does when the address's
 * last messages all bounced. Called by every sender in the transaction that records the failure, so a
 * delivery job's recipient row ('Mislukt') is already there for the count; a mail without such a row (an
 * RSVP mail) only knows hard refusals. `what` names the mail in the reason ('Nieuwsbrief januari' or
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
 * Whether each of the address's last messages in the environment bounced (either kind) or was refused
 * when sent ('Mislukt'), and there are at least `softBouncesInARow` of them since staff last let it in.
 */
async function softInARow(
  db: Pick<Database, 'execute'>,
  environmentId: string,
  email: string,
): Promise<boolean> {
  const [row] = await selectRows<{ messages: number; bounced: number }>(
    db,
    sql`SELECT count(*)::int AS messages,
               count(*) FILTER (WHERE latest.status = 'Mislukt' OR EXISTS (
                 SELECT 1 FROM delivery_bounces b WHERE b.recipient_id = latest.id AND b.kind IN ('hard', 'soft')
               ))::int AS bounced
        FROM (
          SELECT r.id, r.status FROM delivery_recipients r JOIN delivery_jobs j ON j.id = r.job_id
          WHERE r.environment_id = ${environmentId} AND lower(r.email) = lower(${email})
            AND r.status IN ('Verzonden', 'Mislukt')
            -- Staff who let the address in again start its count afresh.
            AND coalesce(j.started_at, j.created_at) > coalesce((
              SELECT max(u.removed_at) FROM unsubscribers u
              WHERE u.environment_id = ${environmentId} AND lower(u.email) = lower(${email})
            ), '-infinity')
          ORDER BY coalesce(j.started_at, j.created_at) DESC, r.id DESC
          LIMIT ${softBouncesInARow}
        ) AS latest`,
  );
  return row.messages >= softBouncesInARow && row.bounced === row.messages;
}
