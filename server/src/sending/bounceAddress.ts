import { createHmac, timingSafeEqual } from 'node:crypto';

// The envelope sender (Return-Path) of a delivered message: `bounce+{recipient row id in base 36}-{HMAC}@domain`,
// one per message (VERP), so a bounce names the recipient it is about and nobody can forge one for another
// row. Lower-case hex only: some mail servers change the case of a local part.

export function bounceAddress(key: Buffer, recipientId: number, domain: string): string {
  const id = recipientId.toString(36);
  return `bounce+${id}-${signatureOf(key, id)}@${domain}`;
}

/**
 * The recipient row a bounce address names, or undefined when it is not one of ours or its signature is
 * wrong (forged, or for another installation). Any domain: the signature, not the domain, proves it.
 */
export function recipientOfBounceAddress(key: Buffer, address: string): number | undefined {
  const match = /^bounce\+([0-9a-z]{1,12})-([0-9a-f]{16})@[^@\s]+$/.exec(address.trim().toLowerCase());
  if (!match) return undefined;
  const [, id, signature] = match;
  const expected = Buffer.from(signatureOf(key, id));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined;
  const recipientId = parseInt(id, 36);
  return Number.isSafeInteger(recipientId) ? recipientId : undefined;
}

function signatureOf(key: Buffer, id: string): string {
  return createHmac('sha256', key).update(`bounce:${id}`).digest('hex').slice(0, 16);
}
