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

// A test message (mail/testSend.ts) goes to an address on no list, so its link carries the environment and
// the address themselves: `t.{base64url of the environment id's 16 bytes and the address}.{signature}`,
// signed apart from the recipient tokens ('unsubscribe-test:'), so neither kind passes for the other.

/** Longest test token accepted: an address of 254 bytes with the environment id, and the signature. */
export const maxTestTokenLength = 2 + Math.ceil(((16 + 254) * 4) / 3) + 1 + 22;

function testSignature(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`unsubscribe-test:${payload}`).digest().subarray(0, signatureBytes);
}

export function signTestUnsubscribeToken(key: Buffer, environmentId: string, email: string): string {
  const id = Buffer.from(environmentId.replace(/-/g, ''), 'hex');
  const payload = Buffer.concat([id, Buffer.from(email, 'utf8')]).toString('base64url');
  return `t.${payload}.${encodeSignature(testSignature(key, payload))}`;
}

/** The environment and address of a genuine test token; undefined for anything else. */
export function verifyTestUnsubscribeToken(
  key: Buffer,
  token: string,
): { environmentId: string; email: string } | undefined {
  if (token.length > maxTestTokenLength) return undefined;
  const match = /^t\.([A-Za-z0-9_-]{22,})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, payload, signed] = match;
  // The payload is signed as it is spelled; the signature has one spelling (tokens/signature.ts).
  if (!signatureMatches(signed, testSignature(key, payload))) return undefined;
  const bytes = Buffer.from(payload, 'base64url');
  const hex = bytes.subarray(0, 16).toString('hex');
  const environmentId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { environmentId, email: bytes.subarray(16).toString('utf8') };
}
