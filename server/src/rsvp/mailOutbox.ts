import { and, eq, sql } from 'drizzle-orm';
import { recordRefusalAtSend } from '../bounces/undeliverable';
import type { Database } from '../db/client';
import { rsvpEvents, rsvpInvitees, rsvpMailOutbox } from '../db/schema';
import type { Clock } from '../delivery/clock';
import { selectRows } from '../delivery/selectRows';
import { environmentMailHeader } from '../mail/environmentHeader';
import { MailSendError, type Mailer } from '../mail/mailer';
import { prepareMessageSender } from '../sending/messageSender';
import type { MailKind } from './answers';
import { calendarFile } from './calendarFile';
import { eventReminderStillDue, reminderStillDue } from './reminders';
import { rsvpUrl } from './rsvpAddress';
import { carriesCalendar, rsvpMail } from './rsvpMails';
import { rsvpKey, signRsvpToken } from './rsvpToken';

// Sends the RSVP emails queued in `rsvp_mail_outbox` (rsvp/answers.ts queues them in the answer's own
// transaction). A row is taken under a lease (so two processes never send it at once, and a crashed
// sender's row is taken over after the lease), sent with a Message-ID fixed by the row's id, and marked
// sent in the statement after the server's '250 OK'. As with delivery, the one gap no SMTP client can
// close is a crash between that OK and the mark: the message then goes once more with the same
// Message-ID. A global unsubscriber gets nothing (the row is closed as skipped); the answer still counts.

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
  invitee_id: number;
  kind: MailKind;
  sequence: number;
}

/** Takes the oldest unsent row no one holds, under a lease; undefined when there is none. */
async function claimNext(db: Database, now: Date): Promise<ClaimedRow | undefined> {
  const [row] = await selectRows<ClaimedRow>(
    db,
    sql`UPDATE rsvp_mail_outbox SET lease_until = ${new Date(now.getTime() + leaseMs)}, attempts = attempts + 1
        WHERE id = (
          SELECT id FROM rsvp_mail_outbox
          WHERE sent_at IS NULL AND attempts < ${maxAttempts} AND (lease_until IS NULL OR lease_until < ${now})
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, environment_id, publication_id, invitee_id, kind, sequence`,
  );
  return row;
}

/** Sends every queued RSVP email that is due; answers how many were sent. */
export async function drainRsvpOutbox(context: OutboxContext): Promise<number> {
  const { db, clock } = context;
  let sent = 0;
  for (;;) {
    const row = await claimNext(db, clock.now());
    if (!row) return sent;
    const outcome = await sendRow(context, row);
    if (outcome === 'sent') sent += 1;
  }
}

async function sendRow(context: OutboxContext, row: ClaimedRow): Promise<'sent' | 'skipped' | 'failed'> {
  const { db, clock } = context;
  const close = (detail: string | null) =>
    db
      .update(rsvpMailOutbox)
      .set({ sentAt: clock.now(), lastError: detail, leaseUntil: null })
      .where(eq(rsvpMailOutbox.id, row.id));
  const [found] = await db
    .select({ invitee: rsvpInvitees, event: rsvpEvents })
    .from(rsvpInvitees)
    .innerJoin(rsvpEvents, eq(rsvpEvents.publicationId, rsvpInvitees.publicationId))
    .where(eq(rsvpInvitees.id, row.invitee_id));
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
  const [unsubscribed] = await selectRows<{ yes: boolean }>(
    db,
    sql`SELECT true AS yes FROM unsubscribers
        WHERE environment_id = ${row.environment_id} AND removed_at IS NULL AND lower(email) = lower(${invitee.email})
        LIMIT 1`,
  );
  if (unsubscribed) {
    await close('Uitgeschreven');
    return 'skipped';
  }
  const prepared = await prepareMessageSender(
    db,
    row.environment_id,
    row.publication_id,
    { mailFrom: context.from, catcher: context.catcher },
    clock.now(),
  );
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
  const domain = prepared.sender.domain ?? host;
  try {
    await context.mailer.send({
      from: prepared.sender.from,
      replyTo: prepared.sender.replyTo,
      dkim: prepared.sender.dkim,
      to: invitee.email,
      toName: invitee.name?.trim() || undefined,
      ...mail,
      headers: {
        'Message-ID': `<rsvp.${row.id}@${domain}>`,
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

export interface RsvpOutbox {
  /** Sends what is queued soon (after an answer was recorded). */
  kick(): void;
  stop(): Promise<void>;
}

/** Runs the sender in this process: on every kick and every `intervalMs` (rows left by another process). */
export function startRsvpOutbox(
  context: OutboxContext,
  intervalMs: number,
  log: (error: unknown) => void,
): RsvpOutbox {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drainRsvpOutbox(context)
      .then(() => undefined, log)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
