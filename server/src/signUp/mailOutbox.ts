import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signUpForms } from '../db/schema';
import type { Clock } from '../delivery/clock';
import { serverSecret } from '../delivery/serverSecret';
import { environmentMailHeader } from '../mail/environmentHeader';
import { leasedOutbox, type LeasedRow, type RowOutcome } from '../mail/leasedOutbox';
import { MailSendError, type Mailer } from '../mail/mailer';
import { messageEnvelope } from '../mail/messageEnvelope';
import { startOutboxRunner, type OutboxRunner } from '../mail/outboxRunner';
import { prepareMessageSender } from '../sending/messageSender';
import { confirmPath, publicBase } from './signUpAddress';
import { alreadySubscribedMail, confirmationMail } from './signUpMails';
import { signConfirmToken, signUpKey } from './signUpTokens';

// Sends the sign-up mails queued in `sign_up_mail_outbox` (signUp/submission.ts queues each in the
// sign-up's own transaction), taken and settled as every mail outbox's rows are (mail/leasedOutbox.ts).
// Each row's Message-ID is fixed by its id, and its envelope sender is the row's bounce address (VERP,
// mail/messageEnvelope.ts), so a bounce or complaint reaches the bounce listener and the bounce rules like
// any other message's (bounces/undeliverable.ts).

export interface SignUpOutboxContext {
  db: Database;
  mailer: Mailer;
  from: string;
  catcher: boolean;
  publicUrl: string;
  clock: Clock;
}

interface OutboxRow extends LeasedRow {
  environment_id: string;
  form_id: string;
  pending_sign_up_id: string | null;
  kind: 'bevestigen' | 'al-aangemeld';
  email: string;
}

const outbox = leasedOutbox<OutboxRow>({
  table: 'sign_up_mail_outbox',
  columns: ['environment_id', 'form_id', 'pending_sign_up_id', 'kind', 'email'],
  leaseMs: 60_000,
  maxAttempts: 5,
  retryDelayMs: 60_000,
  batchSize: 50,
});

/** Sends every queued sign-up mail that is due; answers how many were sent. */
export function drainSignUpOutbox(context: SignUpOutboxContext): Promise<number> {
  const { db } = context;
  return outbox.drain(db, context.clock, async (rows) => {
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
    return (row) => sendRow(context, row, forms.get(row.form_id), keys);
  });
}

async function sendRow(
  context: SignUpOutboxContext,
  row: OutboxRow,
  form: typeof signUpForms.$inferSelect | undefined,
  keys: { link: Buffer; bounce: Buffer },
): Promise<RowOutcome> {
  const { db, clock } = context;
  const { markSent, closeUnsent, retryLater } = outbox.settling(db, row, clock);
  if (!form) return closeUnsent('Het aanmeldformulier bestaat niet meer.');
  const prepared = await prepareMessageSender(
    db,
    row.environment_id,
    undefined,
    { mailFrom: context.from, catcher: context.catcher },
    clock.now(),
  );
  if ('refused' in prepared) return retryLater(prepared.refused);
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
    return error instanceof MailSendError && !error.temporary ? closeUnsent(message) : retryLater(message);
  }
  return markSent();
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
