import type { Database } from '../db/client';
import { serverSecret } from '../delivery/serverSecret';
import { environmentMailHeader } from '../mail/environmentHeader';
import type { MailTransport } from '../mail/mailTransport';
import { messageEnvelope } from '../mail/messageEnvelope';
import { escapeHtml } from '../rendering/escapeHtml';
import { prepareMessageSender } from '../sending/messageSender';
import { confirmValidDays } from './resubscribe';

// The mail 'Opnieuw aanmelden' sends: one link to the confirmation page, whose button (a POST) undoes
// the global unsubscribe. Sent from the environment's sender (its DKIM key, reply address), straight from
// the request that asked for it, with a Message-ID and a bounce address (VERP) fixed by the request's row,
// so a bounce or complaint reaches the bounce listener like any other message's.

export interface ResubscribeMail {
  environmentId: string;
  environmentName: string;
  requestId: number;
  email: string;
  confirmUrl: string;
}

/** Sends the confirmation mail; answers why not when the environment may not send or the server refused. */
export async function sendResubscribeMail(
  db: Database,
  mail: Pick<MailTransport, 'mailer' | 'from' | 'catcher'>,
  publicHost: string,
  message: ResubscribeMail,
): Promise<{ sent: true } | { sent: false; reason: string }> {
  const prepared = await prepareMessageSender(
    db,
    message.environmentId,
    undefined,
    { mailFrom: mail.from, catcher: mail.catcher !== undefined },
    new Date(),
  );
  if ('refused' in prepared) return { sent: false, reason: prepared.refused };
  const { sender } = prepared;
  const envelope = messageEnvelope(
    await serverSecret(db, 'bounce-address'),
    { kind: 'resubscribe', id: message.requestId },
    sender.domain ?? publicHost,
  );
  const name = message.environmentName;
  const intro = `Je hebt gevraagd om weer berichten van ${name} te ontvangen op ${message.email}.`;
  const outro = `Heb je dit niet zelf gevraagd? Dan hoef je niets te doen: je blijft afgemeld. De link werkt ${confirmValidDays} dagen.`;
  try {
    await mail.mailer.send({
      from: sender.from,
      replyTo: sender.replyTo,
      dkim: sender.dkim,
      envelopeFrom: envelope.envelopeFrom,
      to: message.email,
      subject: `Bevestig dat je weer berichten wilt ontvangen van ${name}`,
      text: `${intro}\n\nBevestig het via deze link:\n${message.confirmUrl}\n\n${outro}\n`,
      html: `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Opnieuw aanmelden</title></head><body style="font-family:Arial,sans-serif;font-size:16px;line-height:1.5;color:#1b2430"><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(message.confirmUrl)}">Ja, ik wil weer berichten ontvangen</a></p><p>${escapeHtml(outro)}</p></body></html>`,
      headers: {
        'Message-ID': envelope.messageId,
        [environmentMailHeader]: message.environmentId,
      },
    });
    return { sent: true };
  } catch (error) {
    return { sent: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
