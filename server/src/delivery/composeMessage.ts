import { environmentMailHeader } from '../mail/environmentHeader';
import type { OutgoingMessage } from '../mail/mailer';
import { escapeHtml } from '../rendering/escapeHtml';
import { fillMergeFields, type MergeValues } from '../rendering/mergeFields';
import type { RenderedMail } from '../rendering/renderPublication';
import type { MessageSender } from '../sending/messageSender';

export interface DeliveryContent extends RenderedMail {
  subject: string;
}

export interface MessageRecipient {
  /** The recipient row's id: with the job id it makes the Message-ID, the same on every attempt. */
  id: number;
  email: string;
  mergeValues: MergeValues;
}

/**
 * One recipient's message: the rendered publication with their merge values, personal unsubscribe link and
 * preference link ('Je voorkeuren'),
 * and the headers of RFC 2369/8058 so mail programs offer one-click unsubscribe, in its envelope (the
 * Message-ID fixed per job and recipient and the per-message bounce address, mail/messageEnvelope.ts). The
 * job's DKIM key signs it.
 */
export function composeMessage(
  content: DeliveryContent,
  recipient: MessageRecipient,
  context: {
    environmentId: string;
    sender: MessageSender;
    unsubscribeUrl: string;
    /** The recipient's own preference page ('Je voorkeuren'). */
    preferencesUrl: string;
    /** The recipient's own link to the web version ('Bekijk in je browser'). */
    webVersionUrl: string;
    /** The recipient's own RSVP page, when the message is an invitation. */
    rsvpUrl?: string;
    /** The Message-ID and Return-Path (mail/messageEnvelope.ts). */
    envelope: { messageId: string; envelopeFrom: string };
  },
): OutgoingMessage {
  const values: MergeValues = {
    ...recipient.mergeValues,
    unsubscribeUrl: context.unsubscribeUrl,
    preferencesUrl: context.preferencesUrl,
    webVersionUrl: context.webVersionUrl,
    ...(context.rsvpUrl ? { rsvpUrl: context.rsvpUrl } : {}),
  };
  return {
    from: context.sender.from,
    replyTo: context.sender.replyTo,
    dkim: context.sender.dkim,
    envelopeFrom: context.envelope.envelopeFrom,
    to: recipient.email,
    toName: recipient.mergeValues.name?.trim() || undefined,
    subject: fillMergeFields(content.subject, values, (value) => value),
    html: fillMergeFields(content.html, values, escapeHtml),
    text: fillMergeFields(content.text, values, (value) => value),
    headers: {
      'Message-ID': context.envelope.messageId,
      'List-Unsubscribe': `<${context.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // The catcher files the message under its environment (mail/environmentHeader.ts).
      [environmentMailHeader]: context.environmentId,
    },
  };
}
