import { createHmac } from 'node:crypto';
import {
  maxConfirmTokenLength,
  maxPreferenceTokenLength as maxAddressTokenLength,
} from '../contract/preferences';
import type { Database } from '../db/client';
import { serverSecret } from '../delivery/serverSecret';
import { encodeSignature, signatureMatches } from '../tokens/signature';

// The two signed tokens of the preference page, both under one platform key ('preference-token'):
// - the address token of the link 'Je voorkeuren' in every message: `{base64url of the address}.{signature}`,
//   the signature an HMAC-SHA256 over the environment and the address, cut to 128 bits. It stands for one
//   address in one environment: the same address's token of another environment fails the check.
// - the confirmation token of a mailed 're-subscribe' link: `{request id in base 36}.{signature}` over the
//   environment and the request's row (resubscribe_requests), signed apart ('resubscribe:'), so neither
//   kind passes for the other.
// The database keeps nothing of them; a changed character fails the check; a signature has one spelling
// (tokens/signature.ts).

const signatureBytes = 16;

const keys = new WeakMap<Database, Promise<Buffer>>();

/** The preference key, generated once per platform and shared by every process. */
export function preferenceKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, 'preference-token');
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

function sign(key: Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest().subarray(0, signatureBytes);
}

export function signAddressToken(key: Buffer, environmentId: string, email: string): string {
  const payload = Buffer.from(email, 'utf8').toString('base64url');
  return `${payload}.${encodeSignature(sign(key, `preferences:${environmentId}:${payload}`))}`;
}

/** The address of a genuine token of this environment; undefined for anything else. */
export function verifyAddressToken(key: Buffer, environmentId: string, token: string): string | undefined {
  if (token.length > maxAddressTokenLength) return undefined;
  const match = /^([A-Za-z0-9_-]{4,})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, payload, signed] = match;
  // The payload is signed as it is spelled; the signature has one spelling.
  if (!signatureMatches(signed, sign(key, `preferences:${environmentId}:${payload}`))) return undefined;
  return Buffer.from(payload, 'base64url').toString('utf8');
}

export function signConfirmToken(key: Buffer, environmentId: string, requestId: number): string {
  const id = requestId.toString(36);
  return `${id}.${encodeSignature(sign(key, `resubscribe:${environmentId}:${id}`))}`;
}

/** The request id of a genuine confirmation token of this environment; undefined otherwise. */
export function verifyConfirmToken(key: Buffer, environmentId: string, token: string): number | undefined {
  if (token.length > maxConfirmTokenLength) return undefined;
  const match = /^([0-9a-z]{1,13})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, id, signed] = match;
  if (!signatureMatches(signed, sign(key, `resubscribe:${environmentId}:${id}`))) return undefined;
  const requestId = parseInt(id, 36);
  return Number.isSafeInteger(requestId) && requestId > 0 && requestId.toString(36) === id
    ? requestId
    : undefined;
}
