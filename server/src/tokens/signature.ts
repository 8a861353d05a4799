import { timingSafeEqual } from 'node:crypto';

// The signature part of every signed token the server hands out in a link (unsubscribe tokens, download
// tickets; the web version's and RSVP links): base64url without padding, and only its one
// canonical spelling. When the signature's bit count is not a multiple of 6 (128 bits in 22 characters,
// 256 in 43), the last character carries bits that no byte uses; Node's decoder ignores them, so one
// signature had 16 (or 4) spellings that all passed. A token must have one spelling: the check re-encodes
// what it decoded and compares the text as well.

/** The token's spelling of a signature. */
export function encodeSignature(signature: Buffer): string {
  return signature.toString('base64url');
}

/**
 * Whether `given` is the canonical base64url spelling of `expected`. The bytes are compared in constant
 * time; the length and the spelling are public (the signature is, once it is in a link).
 */
export function signatureMatches(given: string, expected: Buffer): boolean {
  const bytes = Buffer.from(given, 'base64url');
  if (bytes.length !== expected.length || encodeSignature(bytes) !== given) return false;
  return timingSafeEqual(bytes, expected);
}
