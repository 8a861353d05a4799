import { startOutboxRunner, type OutboxRunner } from '../mail/outboxRunner';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordRefusalAtSend } from '../bounces/undeliverable';
import type { Database } from '../db/client';
import { rsvpEvents, rsvpInvitees, rsvpMailOutbox } from '../db/schema';
import type { Clock } from '../delivery/clock';
import { selectRows } from '../delivery/selectRows';
import { serverSecret } from '../delivery/serverSecret';
import { environmentMailHeader } from '../mail/environmentHeader';
import { messageEnvelope } from '../mail/messageEnvelope';
import { MailSendError, type Mailer } from '../mail/mailer';
import { prepareMessageSender, type MessageSender } from '../sending/messageSender';
import type { MailKind } from './answers';
import { calendarFile } from './calendarFile';
import { eventReminderStillDue, reminderStillDue } from './reminders';
import { rsvpUrl } from './rsvpAddress';
import { carriesCalendar, rsvpMail } from './rsvpMails';
import { rsvpKey, signRsvpToken } from './rsvpToken';

// Sends the RSVP emails queued in `rsvp_mail_outbox` (rsvp/answers.ts queues them in the answer's own
// transaction). A row is taken under a lease (so two processes never send it at once, and a crashed
// sender's row is taken over after the lease), sent with a Message-ID and a bounce address fixed by the
// row's id (mail/messageEnvelope.ts: its bounces count as any message's), and marked
// sent in the statement after the server's '250 OK'. As with delivery, the one gap no SMTP client can
// close is a crash between that OK and the mark: the message then goes once more with the same
// Message-ID. A global unsubscriber gets nothing (the row is closed as skipped); the answer still counts.
// Rows are taken in batches (up to `batchSize`), whose invitees, unsubscribers and senders are read once
// for the batch, not once per email: a burst of answers costs one sender lookup, not one per answer.

export interface OutboxContext {
  db: Database;
  mailer: Mailer;
  /** MAIL_FROM, and whether mail goes to the embedded catcher (which accepts any sender). */
  from: string;
  catcher: boolean;
  publicUrl: string;
  clock: Clock;
}

const leaseMs = 60_000;
const maxAttempts = 5;
/** After a temporary failure the row waits this long times its attempts. */
const retryDelayMs = 30_000;

interface ClaimedRow {
  id: number;
  environment_id: string;
  publication_id: string;
  /** A bigint: a string from PostgreSQL, a number from PGlite. */
  invitee_id: number | string;
  kind: MailKind;
  sequence: number;
}

/** Rows taken at once; each is still sent and marked on its own. */
const batchSize = 50;

/** The oldest unsent rows no one holds (up to `batchSize`), taken under one lease, by id. */
async function claimBatch(db: Database, now: Date): Promise<ClaimedRow[]> {
  const rows = await selectRows<ClaimedRow>(
    db,
    sql`UPDATE rsvp_mail_outbox SET lease_until = ${new Date(now.getTime() + leaseMs)}, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM rsvp_mail_outbox
          WHERE sent_at IS NULL AND attempts < ${maxAttempts} AND (lease_until IS NULL OR lease_until < ${now})
          ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
        RETURNING id, environment_id, publication_id, invitee_id, kind, sequence`,
  );
  // A bigserial: a string from PostgreSQL, a number from PGlite; a number here (it names the bounce address).
  return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
}

/**
 * Gives rows of a batch back untried (their lease and attempt undone), when sending the batch took so long
 * that their lease could run out while they wait: another sender then takes them, never both.
 */
async function release(db: Database, rows: readonly ClaimedRow[]) {
  await db
    .update(rsvpMailOutbox)
    .set({ leaseUntil: null, attempts: sql`${rsvpMailOutbox.attempts} - 1` })
    .where(
      inArray(
        rsvpMailOutbox.id,
        rows.map((row) => row.id),
      ),
    );
}

/** What a batch's rows share, read once for the batch. */
interface BatchReads {
  found: Map<number, { invitee: typeof rsvpInvitees.$inferSelect; event: typeof rsvpEvents.$inferSelect }>;
  /** Lower-cased addresses of the batch's invitees that unsubscribed, per environment. */
  unsubscribed: Set<string>;
  /** The sender per environment and publication, prepared on first use. */
  senders: Map<string, Promise<{ refused: string } | { sender: MessageSender }>>;
  /** The key of the per-message bounce addresses (mail/messageEnvelope.ts). */
  bounceKey: Buffer;
}

async function readBatch(db: Database, rows: readonly ClaimedRow[]): Promise<BatchReads> {
  const found = new Map(
    (
      await db
        .select({ invitee: rsvpInvitees, event: rsvpEvents })
        .from(rsvpInvitees)
        .innerJoin(rsvpEvents, eq(rsvpEvents.publicationId, rsvpInvitees.publicationId))
        .where(
          inArray(
            rsvpInvitees.id,
            rows.map((row) => Number(row.invitee_id)),
          ),
        )
    ).map((pair) => [pair.invitee.id, pair]),
  );
  const addresses = [...found.values()].map(({ invitee }) => [
    invitee.environmentId,
    invitee.email.toLowerCase(),
  ]);
  const unsubscribed = new Set<string>();
  if (addresses.length > 0) {
    const matches = await selectRows<{ key: string }>(
      db,
      sql`SELECT environment_id || ' ' || lower(email) AS key FROM unsubscribers
          WHERE removed_at IS NULL
            AND (environment_id, lower(email)) IN (${sql.join(
              addresses.map(([environmentId, email]) => sql`(${environmentId}::uuid, ${email})`),
              sql`, `,
            )})`,
    );
    for (const { key } of matches) unsubscribed.add(key);
  }
  return { found, unsubscribed, senders: new Map(), bounceKey: await serverSecret(db, 'bounce-address') };
}

/** Sends every queued RSVP email that is due; answers how many were sent. */
export async function drainRsvpOutbox(context: OutboxContext): Promise<number> {
  const { db, clock } = context;
  let sent = 0;
  for (;;) {
    const claimedAt = clock.now().getTime();
    const rows = await claimBatch(db, clock.now());
    if (rows.length === 0) return sent;
    const reads = await readBatch(db, rows);
    for (const [index, row] of rows.entries()) {
      if (index > 0 && clock.now().getTime() - claimedAt > leaseMs / 2) {
        await release(db, rows.slice(index));
        break;
      }
      if ((await sendRow(context, row, reads)) === 'sent') sent += 1;
    }
  }
}

async function sendRow(
  context: OutboxContext,
  row: ClaimedRow,
  reads: BatchReads,
): Promise<'sent' | 'skipped' | 'failed'> {
  const { db, clock } = context;
  const close = (detail: string | null) =>
    db
      .update(rsvpMailOutbox)
      .set({ sentAt: clock.now(), lastError: detail, leaseUntil: null })
      .where(eq(rsvpMailOutbox.id, row.id));
  const found = reads.found.get(Number(row.invitee_id));
  if (!found) {
    await close('De genodigde bestaat niet meer.');
    return 'skipped';
  }
  const { invitee, event } = found;
  if (row.kind === 'herinnering' && !reminderStillDue(event, invitee, clock.now())) {
    await close('Niet meer nodig: beantwoord, verlopen of afgelast.');
    return 'skipped';
  }
  if (row.kind === 'herinnering-bijeenkomst' && !eventReminderStillDue(event, invitee, clock.now())) {
    await close('Niet meer nodig: geen Ja meer, begonnen of afgelast.');
    return 'skipped';
  }
  const unsubscribed = reads.unsubscribed.has(`${row.environment_id} ${invitee.email.toLowerCase()}`);
  if (unsubscribed) {
    await close('Uitgeschreven');
    return 'skipped';
  }
  const senderKey = `${row.environment_id} ${row.publication_id}`;
  let preparing = reads.senders.get(senderKey);
  if (!preparing) {
    preparing = prepareMessageSender(
      db,
      row.environment_id,
      row.publication_id,
      { mailFrom: context.from, catcher: context.catcher },
      clock.now(),
    );
    reads.senders.set(senderKey, preparing);
  }
  const prepared = await preparing;
  if ('refused' in prepared) {
    await failed(db, row, prepared.refused, clock.now());
    return 'failed';
  }
  const ids = { environmentId: row.environment_id, publicationId: row.publication_id };
  const token = signRsvpToken(await rsvpKey(db), { ...ids, inviteeId: invitee.id });
  const pageUrl = rsvpUrl(context.publicUrl, ids, token);
  const mail = rsvpMail(row.kind, event, invitee, pageUrl);
  const host = new URL(context.publicUrl).hostname;
  const calendar = carriesCalendar(row.kind, invitee)
    ? calendarFile(
        {
          publicationId: event.publicationId,
          title: event.title,
          startsAt: event.startsAt,
          endsAt: event.endsAt,
          location: event.location,
          onlineUrl: event.onlineUrl,
          sequence: row.sequence,
          cancelled: row.kind === 'afgelast',
          updatedAt: event.updatedAt,
        },
        host,
      )
    : undefined;
  const envelope = messageEnvelope(
    reads.bounceKey,
    { kind: 'rsvp', id: row.id },
    prepared.sender.domain ?? host,
  );
  try {
    await context.mailer.send({
      from: prepared.sender.from,
      replyTo: prepared.sender.replyTo,
      dkim: prepared.sender.dkim,
      envelopeFrom: envelope.envelopeFrom,
      to: invitee.email,
      toName: invitee.name?.trim() || undefined,
      ...mail,
      headers: {
        'Message-ID': envelope.messageId,
        [environmentMailHeader]: row.environment_id,
      },
      attachments: calendar
        ? [
            {
              filename: 'uitnodiging.ics',
              contentType: `text/calendar; charset=utf-8; method=${row.kind === 'afgelast' ? 'CANCEL' : 'PUBLISH'}`,
              content: calendar,
            },
          ]
        : undefined,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof MailSendError && !error.temporary) {
      // The address refused for good: 'Onbestelbaar' by the rule every sender follows.
      if (error.addressRefused)
        await db.transaction((tx) =>
          recordRefusalAtSend(tx, {
            environmentId: row.environment_id,
            email: invitee.email,
            kind: 'hard',
            what: `de RSVP-mail van '${event.title}'`,
            error: message,
            now: clock.now(),
          }),
        );
      await close(message);
      return 'failed';
    }
    await failed(db, row, message, clock.now());
    return 'failed';
  }
  await close(null);
  return 'sent';
}

/** A temporary failure: the row waits before the next attempt (its attempts are counted). */
async function failed(db: Database, row: ClaimedRow, error: string, now: Date) {
  await db
    .update(rsvpMailOutbox)
    .set({ lastError: error, leaseUntil: new Date(now.getTime() + retryDelayMs * 2) })
    .where(and(eq(rsvpMailOutbox.id, row.id)));
}

export type RsvpOutbox = OutboxRunner;

/** Runs the sender in this process (mail/outboxRunner.ts): soon after a kick, and every `intervalMs`. */
export function startRsvpOutbox(
  context: OutboxContext,
  intervalMs: number,
  log: (error: unknown) => void,
): RsvpOutbox {
  return startOutboxRunner(() => drainRsvpOutbox(context), intervalMs, log);
}
