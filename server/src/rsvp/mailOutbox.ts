import { eq, inArray, sql } from 'drizzle-orm';
import { recordRefusalAtSend } from '../bounces/undeliverable';
import type { Database } from '../db/client';
import { rsvpEvents, rsvpInvitees } from '../db/schema';
import type { Clock } from '../delivery/clock';
import { selectRows } from '../delivery/selectRows';
import { serverSecret } from '../delivery/serverSecret';
import { environmentMailHeader } from '../mail/environmentHeader';
import { leasedOutbox, type LeasedRow, type RowOutcome } from '../mail/leasedOutbox';
import { messageEnvelope } from '../mail/messageEnvelope';
import { MailSendError, type Mailer } from '../mail/mailer';
import { startOutboxRunner, type OutboxRunner } from '../mail/outboxRunner';
import { prepareMessageSender, type MessageSender } from '../sending/messageSender';
import type { MailKind } from './answers';
import { calendarFile } from './calendarFile';
import { eventReminderStillDue, reminderStillDue } from './reminders';
import { rsvpUrl } from './rsvpAddress';
import { carriesCalendar, rsvpMail } from './rsvpMails';
import { rsvpKey, signRsvpToken } from './rsvpToken';

// Sends the RSVP emails queued in `rsvp_mail_outbox` (rsvp/answers.ts queues them in the answer's own
// transaction), taken and settled as every mail outbox's rows are (mail/leasedOutbox.ts), each with a
// Message-ID and a bounce address fixed by the row's id (mail/messageEnvelope.ts: its bounces count as any
// message's). A global unsubscriber gets nothing (the row is closed unsent); the answer still counts. A
// batch's invitees, unsubscribers and senders are read once for the batch, not once per email: a burst of
// answers costs one sender lookup, not one per answer.

export interface OutboxContext {
  db: Database;
  mailer: Mailer;
  /** MAIL_FROM, and whether mail goes to the embedded catcher (which accepts any sender). */
  from: string;
  catcher: boolean;
  publicUrl: string;
  clock: Clock;
}

interface OutboxRow extends LeasedRow {
  environment_id: string;
  publication_id: string;
  /** A bigint: a string from PostgreSQL, a number from PGlite. */
  invitee_id: number | string;
  kind: MailKind;
  sequence: number;
}

const outbox = leasedOutbox<OutboxRow>({
  table: 'rsvp_mail_outbox',
  columns: ['environment_id', 'publication_id', 'invitee_id', 'kind', 'sequence'],
  leaseMs: 60_000,
  maxAttempts: 5,
  retryDelayMs: 30_000,
  batchSize: 50,
});

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

async function readBatch(db: Database, rows: readonly OutboxRow[]): Promise<BatchReads> {
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
export function drainRsvpOutbox(context: OutboxContext): Promise<number> {
  return outbox.drain(context.db, context.clock, async (rows) => {
    const reads = await readBatch(context.db, rows);
    return (row) => sendRow(context, row, reads);
  });
}

async function sendRow(context: OutboxContext, row: OutboxRow, reads: BatchReads): Promise<RowOutcome> {
  const { db, clock } = context;
  const { markSent, closeUnsent, retryLater } = outbox.settling(db, row, clock);
  const found = reads.found.get(Number(row.invitee_id));
  if (!found) {
    return closeUnsent('De genodigde bestaat niet meer.');
  }
  const { invitee, event } = found;
  if (row.kind === 'herinnering' && !reminderStillDue(event, invitee, clock.now())) {
    return closeUnsent('Niet meer nodig: beantwoord, verlopen of afgelast.');
  }
  if (row.kind === 'herinnering-bijeenkomst' && !eventReminderStillDue(event, invitee, clock.now())) {
    return closeUnsent('Niet meer nodig: geen Ja meer, begonnen of afgelast.');
  }
  const unsubscribed = reads.unsubscribed.has(`${row.environment_id} ${invitee.email.toLowerCase()}`);
  if (unsubscribed) {
    return closeUnsent('Uitgeschreven');
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
    return retryLater(prepared.refused);
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
      return closeUnsent(message);
    }
    return retryLater(message);
  }
  return markSent();
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
