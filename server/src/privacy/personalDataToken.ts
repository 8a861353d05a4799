import { createHmac } from 'node:crypto';
import type { Database } from '../db/client';
import { serverSecret } from '../delivery/serverSecret';
import { encodeSignature, signatureMatches } from '../tokens/signature';
import { normalisedAddress } from './addressHash';

// The resident's own 'Mijn gegevens' link: `/g/{environmentId}/{token}`, the token the address in base64url
// and an HMAC-SHA256 over the environment and the address under its own key ('personal-data'), cut to 128
// bits. The page only offers to mail links; what those mailed links do (download, erase) needs a ticket of
// its own: a purpose, an expiry and a signature over all of it, so the page's link alone, forwarded or
// found in a log, neither downloads nor erases. Accepted only in the one canonical spelling.

const signatureBytes = 16;

/** Longest address accepted (RFC 5321) in base64url, a dot and the signature. */
export const maxPersonalTokenLength = Math.ceil((254 * 4) / 3) + 1 + 22;

/** Hours a mailed link (download or erase) works. */
export const ticketHours = 24;

export type TicketPurpose = 'downloaden' | 'wissen';

const keys = new WeakMap<Database, Promise<Buffer>>();

export function personalDataKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, 'personal-data-token');
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

const sign = (key: Buffer, text: string) =>
  encodeSignature(createHmac('sha256', key).update(text).digest().subarray(0, signatureBytes));

export function signPersonalToken(key: Buffer, environmentId: string, email: string): string {
  const payload = Buffer.from(normalisedAddress(email), 'utf8').toString('base64url');
  return `${payload}.${sign(key, `personal-data:${environmentId}:${payload}`)}`;
}

/** The address of a genuine token for this environment; undefined for anything else. */
export function verifyPersonalToken(key: Buffer, environmentId: string, token: string): string | undefined {
  if (token.length > maxPersonalTokenLength) return undefined;
  const match = /^([A-Za-z0-9_-]{4,})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, payload, signed] = match;
  const expected = createHmac('sha256', key).update(`personal-data:${environmentId}:${payload}`).digest();
  if (!signatureMatches(signed, expected.subarray(0, signatureBytes))) return undefined;
  const email = Buffer.from(payload, 'base64url').toString('utf8');
  return Buffer.from(email, 'utf8').toString('base64url') === payload ? email : undefined;
}

/** A mailed link's ticket: `{expiry in base 36}.{signature}` over the purpose, the person and the expiry. */
export function signTicket(
  key: Buffer,
  purpose: TicketPurpose,
  personalToken: string,
  expiresAt: Date,
): string {
  const expiry = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${expiry}.${sign(key, `personal-data-${purpose}:${personalToken}:${expiry}`)}`;
}

/** Whether the ticket is genuine for this purpose and person, and not expired at `now`. */
export function ticketValid(
  key: Buffer,
  purpose: TicketPurpose,
  personalToken: string,
  ticket: string,
  now: Date,
): boolean {
  const match = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/.exec(ticket);
  if (!match) return false;
  const [, expiry, signed] = match;
  const expected = createHmac('sha256', key)
    .update(`personal-data-${purpose}:${personalToken}:${expiry}`)
    .digest()
    .subarray(0, signatureBytes);
  return signatureMatches(signed, expected) && parseInt(expiry, 36) * 1000 > now.getTime();
}
