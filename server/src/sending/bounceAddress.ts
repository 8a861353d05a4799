import { createHmac, timingSafeEqual } from 'node:crypto';

// The envelope sender (Return-Path) of every message the platform sends, one per message (VERP), so a
// bounce names the message it is about and nobody can forge one for another:
// - a delivery job's (journeys' too): `bounce+{recipient row id in base 36}-{HMAC}@domain`;
// - an RSVP email's: `bounce+rsvp.{outbox row id in base 36}-{HMAC}@domain`;
// - a test send's: `bounce+test.{test_sends row id in base 36}-{HMAC}@domain`;
// - a sign-up form's mail (confirmation, 'al aangemeld'): `bounce+signup.{sign_up_mail_outbox row id}-{HMAC}@domain`;
// - a re-subscribe confirmation: `bounce+resubscribe.{resubscribe_requests row id}-{HMAC}@domain`.
// Lower-case hex only: some mail servers change the case of a local part. mail/messageEnvelope.ts builds
// them; bounces/bounceListener.ts reads them back.

/** The message a bounce address names: its kind and the id of its row. */
export type BouncedMessage = { kind: 'delivery' | 'rsvp' | 'test' | 'signup' | 'resubscribe'; id: number };

/** The kinds whose address carries a prefix ('rsvp.'); a delivery's has none. */
const prefixedKinds = ['rsvp', 'test', 'signup', 'resubscribe'] as const;

export function bounceAddress(key: Buffer, message: BouncedMessage, domain: string): string {
  const id = prefixOf(message.kind) + message.id.toString(36);
  return `bounce+${id}-${signatureOf(key, id)}@${domain}`;
}

/**
 * The message a bounce address names, or undefined when it is not one of ours or its signature is wrong
 * (forged, or for another installation). Any domain: the signature, not the domain, proves it.
 */
export function messageOfBounceAddress(key: Buffer, address: string): BouncedMessage | undefined {
  const match =
    /^bounce\+((?:rsvp\.|test\.|signup\.|resubscribe\.)?[0-9a-z]{1,12})-([0-9a-f]{16})@[^@\s]+$/.exec(
      address.trim().toLowerCase(),
    );
  if (!match) return undefined;
  const [, id, signature] = match;
  const expected = Buffer.from(signatureOf(key, id));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined;
  const prefixed = prefixedKinds.find((kind) => id.startsWith(`${kind}.`));
  const [kind, digits] = prefixed ? [prefixed, id.slice(prefixed.length + 1)] : (['delivery', id] as const);
  const rowId = parseInt(digits, 36);
  return Number.isSafeInteger(rowId) ? { kind, id: rowId } : undefined;
}

function prefixOf(kind: BouncedMessage['kind']): string {
  return kind === 'delivery' ? '' : `${kind}.`;
}

/** Over the id with its prefix: an RSVP row's address is no delivery recipient's of the same number. */
function signatureOf(key: Buffer, id: string): string {
  return createHmac('sha256', key).update(`bounce:${id}`).digest('hex').slice(0, 16);
}
