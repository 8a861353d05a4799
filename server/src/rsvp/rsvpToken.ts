import { createHmac } from 'node:crypto';
import type { Database } from '../db/client';
import { serverSecret } from '../delivery/serverSecret';
import { encodeSignature, signatureMatches } from '../tokens/signature';

// An invitee's personal RSVP token: `{invitee id in base 36}.{signature}`, the signature an HMAC-SHA256
// over the environment, the publication and the id under the platform's RSVP key, cut to 128 bits. The
// database keeps nothing of it: the key makes every token checkable without a query, and a changed
// character fails the check. Accepted only in its one canonical spelling (tokens/signature.ts).

const signatureBytes = 16;

/** Longest token accepted: a 64-bit id in base 36, a dot and the signature. */
export const maxRsvpTokenLength = 13 + 1 + 22;

const keys = new WeakMap<Database, Promise<Buffer>>();

/** The RSVP key, generated once per platform and shared by every process. */
export function rsvpKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, 'rsvp-token');
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

export interface RsvpClaim {
  environmentId: string;
  publicationId: string;
  inviteeId: number;
}

function signature(key: Buffer, environmentId: string, publicationId: string, id: string): Buffer {
  return createHmac('sha256', key)
    .update(`rsvp:${environmentId}:${publicationId}:${id}`)
    .digest()
    .subarray(0, signatureBytes);
}

export function signRsvpToken(key: Buffer, claim: RsvpClaim): string {
  const id = claim.inviteeId.toString(36);
  return `${id}.${encodeSignature(signature(key, claim.environmentId, claim.publicationId, id))}`;
}

/** The invitee id of a genuine token for this environment and publication; undefined otherwise. */
export function verifyRsvpToken(
  key: Buffer,
  environmentId: string,
  publicationId: string,
  token: string,
): number | undefined {
  if (token.length > maxRsvpTokenLength) return undefined;
  const match = /^([0-9a-z]{1,13})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, id, signed] = match;
  if (!signatureMatches(signed, signature(key, environmentId, publicationId, id))) return undefined;
  const inviteeId = parseInt(id, 36);
  return Number.isSafeInteger(inviteeId) && inviteeId > 0 && inviteeId.toString(36) === id
    ? inviteeId
    : undefined;
}
