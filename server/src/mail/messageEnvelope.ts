import { bounceAddress, type BouncedMessage } from '../sending/bounceAddress';

/** A message by its row; a delivery job's Message-ID names its job too. */
export type EnvelopedMessage =
  | { kind: 'delivery'; jobId: string; id: number }
  | { kind: Exclude<BouncedMessage['kind'], 'delivery'>; id: number };

/**
 * The Message-ID and the envelope sender (Return-Path) of one message, for every message the platform
 * sends: a delivery job's (and so a journey's), an RSVP email and a test send. Both are fixed by the
 * message's row, so a message sent again after a crash is recognisably the same, and its bounce address
 * (VERP, sending/bounceAddress.ts) names that row: every kind of message reaches the bounce listener and
 * the same bounce rules (bounces/undeliverable.ts). Both are on the sending domain, or on the public
 * address's host without one.
 */
export function messageEnvelope(
  bounceKey: Buffer,
  message: EnvelopedMessage,
  domain: string,
): { messageId: string; envelopeFrom: string } {
  const local =
    message.kind === 'delivery' ? `${message.jobId}.${message.id}` : `${message.kind}.${message.id}`;
  return { messageId: `<${local}@${domain}>`, envelopeFrom: bounceAddress(bounceKey, message, domain) };
}
