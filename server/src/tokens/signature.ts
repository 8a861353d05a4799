// The signature part of every signed token the server hands out in a link (unsubscribe tokens, download
// tickets; the web version's and RSVP links): base64url without padding, and only its one
// canonical spelling. When the signature's bit count is not a multiple of 6 (128 bits in 22 characters,
// 256 in 43), the last character carries bits that no byte uses; Node's decoder ignores them, so one
// signature had 16 (or 4) spellings that all passed. A token must have one spelling: the check compares
// the given text with the expected signature's spelling, not decoded bytes.

/** The token's spelling of a signature. */
export function encodeSignature(signature: Buffer): string {
  return signature.toString('base64url');
}

/**
 * Whether `given` is the canonical base64url spelling of `expected`: the text is compared with the
 * expected one's spelling in constant time (every character, whatever differs); the length is public.
 */
export function signatureMatches(given: string, expected: Buffer): boolean {
  return signatureTextMatches(given, 0, encodeSignature(expected));
}

/**
 * Whether `text` from `start` on is `canonical` (a signature's spelling, encodeSignature): compared in
 * constant time (every character, whatever differs); the length is public.
 */
export function signatureTextMatches(text: string, start: number, canonical: string): boolean {
  if (text.length - start !== canonical.length) return false;
  let difference = 0;
  for (let index = 0; index < canonical.length; index++)
    difference |= text.charCodeAt(start + index) ^ canonical.charCodeAt(index);
  return difference === 0;
}
