import { createHmac } from 'node:crypto';
import type { Database } from '../db/client';
import { serverSecret } from '../delivery/serverSecret';
import { encodeSignature, signatureMatches } from '../tokens/signature';

// The two signed tokens of a sign-up, HMAC-SHA256 under the platform's 'sign-up-token' key, cut to 128
// bits, accepted only in their canonical spelling (tokens/signature.ts):
// - the time token `{issued ms in base 36}.{signature}` in the hosted page's form, bound to the form: a
//   post sooner than `minimumFillMs` after the page was served, or later than `maximumAgeMs`, is refused;
// - the confirmation token `{pending sign-up id without dashes}.{signature}` in the mailed link, bound to
//   the environment and the form.

const signatureBytes = 16;
const signatureLength = 22;

/** A person needs at least this long to fill in the form; a script posting at once does not. */
export const minimumFillMs = 3_000;
/** A page older than this is stale (and a harvested token worthless). */
export const maximumAgeMs = 24 * 60 * 60 * 1000;

const keys = new WeakMap<Database, Promise<Buffer>>();

export function signUpKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, 'sign-up-token');
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

function sign(key: Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest().subarray(0, signatureBytes);
}

export function signTimeToken(key: Buffer, formId: string, issuedAt: Date): string {
  const issued = issuedAt.getTime().toString(36);
  return `${issued}.${encodeSignature(sign(key, `sign-up-time:${formId}:${issued}`))}`;
}

export type TimeTokenCheck = 'ok' | 'invalid' | 'too-fast' | 'expired';

export function checkTimeToken(key: Buffer, formId: string, token: string, now: Date): TimeTokenCheck {
  const match = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return 'invalid';
  const [, issued, signed] = match;
  if (!signatureMatches(signed, sign(key, `sign-up-time:${formId}:${issued}`))) return 'invalid';
  const age = now.getTime() - parseInt(issued, 36);
  if (age < minimumFillMs) return 'too-fast';
  if (age > maximumAgeMs) return 'expired';
  return 'ok';
}

export interface ConfirmClaim {
  environmentId: string;
  formId: string;
  pendingId: string;
}

function confirmSignature(key: Buffer, claim: ConfirmClaim, id: string): Buffer {
  return sign(key, `sign-up-confirm:${claim.environmentId}:${claim.formId}:${id}`);
}

export function signConfirmToken(key: Buffer, claim: ConfirmClaim): string {
  const id = claim.pendingId.replaceAll('-', '').toLowerCase();
  return `${id}.${encodeSignature(confirmSignature(key, claim, id))}`;
}

/** The pending sign-up's id of a genuine token for this environment and form; undefined otherwise. */
export function verifyConfirmToken(
  key: Buffer,
  ids: { environmentId: string; formId: string },
  token: string,
): string | undefined {
  if (token.length !== 32 + 1 + signatureLength) return undefined;
  const match = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, id, signed] = match;
  if (!signatureMatches(signed, confirmSignature(key, { ...ids, pendingId: id }, id))) return undefined;
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}
