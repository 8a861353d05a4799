import { startOutboxRunner, type OutboxRunner } from '../mail/outboxRunner';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signUpForms, signUpMailOutbox } from '../db/schema';
import type { Clock } from '../delivery/clock';
import { selectRows } from '../delivery/selectRows';
import { serverSecret } from '../delivery/serverSecret';
import { environmentMailHeader } from '../mail/environmentHeader';
import { MailSendError, type Mailer } from '../mail/mailer';
import { messageEnvelope } from '../mail/messageEnvelope';
import { prepareMessageSender } from '../sending/messageSender';
import { confirmPath, publicBase } from './signUpAddress';
import { alreadySubscribedMail, confirmationMail } from './signUpMails';
import { signConfirmToken, signUpKey } from './signUpTokens';

// Sends the sign-up mails queued in `sign_up_mail_outbox` (signUp/submission.ts queues each in the
// sign-up's own transaction), as the RSVP outbox does: rows are taken under a lease with SKIP LOCKED (two
// processes never take the same row; a crashed sender's row is taken over after the lease), and marked
// sent right after the mail server's '250 OK'. Each row's Message-ID is fixed by its id, so the one gap
// no SMTP client can close (a crash between that OK and the mark) sends a recognisably identical message.
// Its envelope sender is the row's bounce address (VERP, mail/messageEnvelope.ts), so a bounce or complaint
// reaches the bounce listener and the bounce rules like any other message's (bounces/undeliverable.ts).

export interface SignUpOutboxContext {
  db: Database;
  mailer: Mailer;
  from: string;
  catcher: boolean;
  publicUrl: string;
  clock: Clock;
}

const leaseMs = 60_000;
const maxAttempts = 5;
const retryDelayMs = 60_000;
const batchSize = 50;

interface ClaimedRow {
  id: number;
  environment_id: string;
  form_id: string;
  pending_sign_up_id: string | null;
  kind: 'bevestigen' | 'al-aangemeld';
  email: string;
}

async function claimBatch(db: Database, now: Date): Promise<ClaimedRow[]> {
  const rows = await selectRows<ClaimedRow>(
    db,
    sql`UPDATE sign_up_mail_outbox SET lease_until = ${new Date(now.getTime() + leaseMs)}, attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM sign_up_mail_outbox
          WHERE sent_at IS NULL AND attempts < ${maxAttempts} AND (lease_until IS NULL OR lease_until < ${now})
          ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
        RETURNING id, environment_id, form_id, pending_sign_up_id, kind, email`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
}

/** Sends every queued sign-up mail that is due; answers how many were sent. */
export async function drainSignUpOutbox(context: SignUpOutboxContext): Promise<number> {
  const { db, clock } = context;
  let sent = 0;
  for (;;) {
    const rows = await claimBatch(db, clock.now());
    if (rows.length === 0) return sent;
    const forms = new Map(
      (
        await db
          .select()
          .from(signUpForms)
          .where(
            inArray(
              signUpForms.id,
              rows.map((row) => row.form_id),
            ),
          )
      ).map((form) => [form.id, form]),
    );
    const keys = { link: await signUpKey(db), bounce: await serverSecret(db, 'bounce-address') };
    for (const row of rows) if (await sendRow(context, row, forms.get(row.form_id), keys)) sent += 1;
  }
}

async function sendRow(
  context: SignUpOutboxContext,
  row: ClaimedRow,
  form: typeof signUpForms.$inferSelect | undefined,
  keys: { link: Buffer; bounce: Buffer },
): Promise<boolean> {
  const { db, clock } = context;
  const close = (detail: string | null) =>
    db
      .update(signUpMailOutbox)
      .set({ sentAt: clock.now(), lastError: detail, leaseUntil: null })
      .where(eq(signUpMailOutbox.id, row.id));
  const retryLater = (detail: string) =>
    db
      .update(signUpMailOutbox)
      .set({ lastError: detail, leaseUntil: new Date(clock.now().getTime() + retryDelayMs) })
      .where(eq(signUpMailOutbox.id, row.id));
  if (!form) {
    await close('Het aanmeldformulier bestaat niet meer.');
    return false;
  }
  const prepared = await prepareMessageSender(
    db,
    row.environment_id,
    undefined,
    { mailFrom: context.from, catcher: context.catcher },
    clock.now(),
  );
  if ('refused' in prepared) {
    await retryLater(prepared.refused);
    return false;
  }
  let content;
  if (row.kind === 'bevestigen' && row.pending_sign_up_id) {
    const token = signConfirmToken(keys.link, {
      environmentId: row.environment_id,
      formId: row.form_id,
      pendingId: row.pending_sign_up_id,
    });
    content = confirmationMail(
      form,
      `${publicBase(context.publicUrl)}${confirmPath(row.environment_id, row.form_id, token)}`,
    );
  } else content = alreadySubscribedMail(form.name);
  const envelope = messageEnvelope(
    keys.bounce,
    { kind: 'signup', id: row.id },
    prepared.sender.domain ?? new URL(context.publicUrl).hostname,
  );
  try {
    await context.mailer.send({
      from: prepared.sender.from,
      replyTo: prepared.sender.replyTo,
      dkim: prepared.sender.dkim,
      envelopeFrom: envelope.envelopeFrom,
      to: row.email,
      ...content,
      headers: { 'Message-ID': envelope.messageId, [environmentMailHeader]: row.environment_id },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof MailSendError && !error.temporary) await close(message);
    else await retryLater(message);
    return false;
  }
  await close(null);
  return true;
}

export type SignUpOutbox = OutboxRunner;

/** Runs the sender in this process (mail/outboxRunner.ts): soon after a kick, and every `intervalMs`. */
export function startSignUpOutbox(
  context: SignUpOutboxContext,
  intervalMs: number,
  log: (error: unknown) => void,
): SignUpOutbox {
  return startOutboxRunner(() => drainSignUpOutbox(context), intervalMs, log);
}
