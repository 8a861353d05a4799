import { createHmac } from 'node:crypto';
import type { Database } from '../db/client';
import { serverSecret } from '../delivery/serverSecret';
import { encodeSignature, signatureMatches } from '../tokens/signature';

// The personal link of a sent message to its web version: `/p/{environmentId}/{publicationId}/{token}`,
// where the token is the recipient row's id (delivery_recipients, which holds the merge values the
// message was sent with) and an HMAC-SHA256 over environment, publication and that id under a secret of
// its own, cut to 128 bits. Anyone holding the link sees that one recipient's version; changing any
// character of the link makes the check fail. A signature is accepted only in its one canonical
// base64url spelling (tokens/signature.ts, as for every signed token).

/** Longest token accepted: a 64-bit id in base 36 and the signature. */
export const maxWebVersionTokenLength = 13 + 1 + 22;

const signatureBytes = 16;

/** The web-version key, generated once per platform and shared by every process (serverSecret.ts). */
export function webVersionKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, 'web-version-token');
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

const keys = new WeakMap<Database, Promise<Buffer>>();

export interface WebVersionClaim {
  environmentId: string;
  publicationId: string;
  recipientId: number;
}

function signature(key: Buffer, environmentId: string, publicationId: string, id: string): Buffer {
  return createHmac('sha256', key)
    .update(`web-version:${environmentId}:${publicationId}:${id}`)
    .digest()
    .subarray(0, signatureBytes);
}

/** `{recipient id in base 36}.{base64url signature}` for one recipient of one publication. */
export function signWebVersionToken(key: Buffer, claim: WebVersionClaim): string {
  const id = claim.recipientId.toString(36);
  return `${id}.${encodeSignature(signature(key, claim.environmentId, claim.publicationId, id))}`;
}

/**
 * The recipient row id of a genuine token for this environment and publication (both lower-case);
 * undefined for anything forged, altered, made for another publication, truncated or not canonical.
 */
export function verifyWebVersionToken(
  key: Buffer,
  environmentId: string,
  publicationId: string,
  token: string,
): number | undefined {
  if (token.length > maxWebVersionTokenLength) return undefined;
  const match = /^([0-9a-z]{1,13})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, id, signed] = match;
  if (!signatureMatches(signed, signature(key, environmentId, publicationId, id))) return undefined;
  const recipientId = parseInt(id, 36);
  return Number.isSafeInteger(recipientId) && recipientId > 0 && recipientId.toString(36) === id
    ? recipientId
    : undefined;
}

// A test message has no recipient row: its link carries the template the test went through instead,
// `t{template id without dashes}.{signature}`, and shows the publication with every merge field at its
// fallback, as the test message itself does.

const testTokenPattern = /^t([0-9a-f]{32})\.([A-Za-z0-9_-]{22})$/;

/** The web-version token of a test message of this publication, sent through `templateId`. */
export function signTestWebVersionToken(
  key: Buffer,
  claim: { environmentId: string; publicationId: string; templateId: string },
): string {
  const id = `t${claim.templateId.toLowerCase().replace(/-/g, '')}`;
  return `${id}.${encodeSignature(signature(key, claim.environmentId, claim.publicationId, id))}`;
}

/** The template id of a genuine test token for this environment and publication; undefined otherwise. */
export function verifyTestWebVersionToken(
  key: Buffer,
  environmentId: string,
  publicationId: string,
  token: string,
): string | undefined {
  const match = testTokenPattern.exec(token);
  if (!match) return undefined;
  const [, hex, signed] = match;
  if (!signatureMatches(signed, signature(key, environmentId, publicationId, `t${hex}`))) return undefined;
  return hex.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
}
