import { createHmac } from 'node:crypto';

// The envelope sender (Return-Path) of a delivered message: `bounce+{recipient row id in base 36}-{HMAC}@domain`,
// one per message (VERP), so a bounce names the recipient it is about and nobody can forge one for another
// row. Lower-case hex only: some mail servers change the case of a local part.

export function bounceAddress(key: Buffer, recipientId: number, domain: string): string {
  const id = recipientId.toString(36);
  const signature = createHmac('sha256', key).update(`bounce:${id}`).digest('hex').slice(0, 16);
  return `bounce+${id}-${signature}@${domain}`;
}
