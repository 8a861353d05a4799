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
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${recipient.environment_id} || lower(${recipient.email})))`,
    );
    const inserted = await selectRows<{ id: number }>(
      tx,
      sql`INSERT INTO delivery_bounces (environment_id, job_id, recipient_id, kind, status, diagnostic, received_at)
          VALUES (${recipient.environment_id}, ${recipient.job_id}, ${recipientId}, ${report.kind},
                  ${report.status}, ${report.diagnostic}, ${now})
          ON CONFLICT (recipient_id, kind) DO NOTHING RETURNING id`,
    );
    if (inserted.length === 0) return 'repeated';

    const exclude = async (cause: 'Klacht' | typeof undeliverableCause, detail: string) => {
      await tx.execute(
        sql`INSERT INTO unsubscribers (environment_id, email, created_at, cause, cause_detail)
            VALUES (${recipient.environment_id}, ${recipient.email}, ${now}, ${cause}, ${detail})
            ON CONFLICT (environment_id, lower(email)) WHERE removed_at IS NULL DO NOTHING`,
      );
    };
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
