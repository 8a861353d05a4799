import { createHmac, timingSafeEqual } from 'node:crypto';

// The personal unsubscribe link of a delivered message: `/u/{token}`, where the token names the environment,
// the address and the job it came with, signed with HMAC-SHA256 under a server secret (serverSecret.ts).
// Anyone holding the link can unsubscribe that one address, and nobody can make a link for another
// address: changing any byte of the payload or the signature makes the check fail.

export interface UnsubscribeClaim {
  environmentId: string;
  email: string;
  jobId: string;
}

/** Longest token accepted: a payload of a long address and two ids, plus the signature. */
export const maxTokenLength = 1024;

const signatureBytes = 32;

function signature(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

/** `base64url(JSON [environmentId, email, jobId]).base64url(HMAC)`. */
export function signUnsubscribeToken(key: Buffer, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify([claim.environmentId, claim.email, claim.jobId])).toString(
    'base64url',
  );
  return `${payload}.${signature(key, payload).toString('base64url')}`;
}

/** The claim of a genuine token; undefined for anything forged, altered, truncated or malformed. */
export function verifyUnsubscribeToken(key: Buffer, token: string): UnsubscribeClaim | undefined {
  if (token.length > maxTokenLength) return undefined;
  const parts = token.split('.');
  if (parts.length !== 2) return undefined;
  const [payload, signed] = parts;
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(signed)) return undefined;
  const given = Buffer.from(signed, 'base64url');
  // Compared in constant time; the length is public (always 32 bytes).
  if (given.length !== signatureBytes || !timingSafeEqual(given, signature(key, payload))) return undefined;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded.length === 3 &&
      decoded.every((part) => typeof part === 'string' && part.length > 0)
    ) {
      const [environmentId, email, jobId] = decoded as string[];
      return { environmentId, email, jobId };
    }
  } catch {
    // A signed payload is always valid JSON; this only guards against a leaked key's misuse.
  }
  return undefined;
}
