import { createHmac } from 'node:crypto';
import { encodeSignature, signatureMatches } from '../tokens/signature';

// The personal unsubscribe link of a delivered message: `/u/{token}`, where the token is the id of the
// recipient row (delivery_recipients: environment, address, job) and an HMAC-SHA256 of it under a server
// secret (serverSecret.ts), cut to 128 bits. Anyone holding the link can unsubscribe that one address;
// nobody can make a link for another row: changing any character makes the check fail. Short on purpose:
// it fits in a path segment and in a mail program's List-Unsubscribe header on one line.

/** Longest token accepted: a 64-bit id in base 36 and the signature. */
export const maxTokenLength = 13 + 1 + 22;

const signatureBytes = 16;

function signature(key: Buffer, recipientId: string): Buffer {
  return createHmac('sha256', key).update(`unsubscribe:${recipientId}`).digest().subarray(0, signatureBytes);
}

/** `{recipient id in base 36}.{base64url signature}`. */
export function signUnsubscribeToken(key: Buffer, recipientId: number): string {
  const id = recipientId.toString(36);
  return `${id}.${encodeSignature(signature(key, id))}`;
}

/** The recipient row id of a genuine token; undefined for anything forged, altered, truncated or malformed. */
export function verifyUnsubscribeToken(key: Buffer, token: string): number | undefined {
  if (token.length > maxTokenLength) return undefined;
  const match = /^([0-9a-z]{1,13})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, id, signed] = match;
  // Only the canonical spelling of the signature passes (tokens/signature.ts).
  if (!signatureMatches(signed, signature(key, id))) return undefined;
  const recipientId = parseInt(id, 36);
  return Number.isSafeInteger(recipientId) && recipientId > 0 ? recipientId : undefined;
}
