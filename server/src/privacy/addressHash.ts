import { createHmac } from 'node:crypto';
import type { Database } from '../db/client';
import { serverSecret } from '../delivery/serverSecret';

// The keyed hash an erased person's address leaves behind (unsubscribers.address_hash): an HMAC-SHA256 of
// the normalised address under a server secret, so the stored value cannot be turned back into the address
// by hashing guesses without the key, while the server can still recognise the address when it comes back
// (an import, a manual add). Keyed per platform, salted per environment.

const keys = new WeakMap<Database, Promise<Buffer>>();

/** The address-hash key, generated once per platform and shared by every process. */
export function addressHashKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, 'privacy-address-hash');
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

/** The one spelling of an address that its hash and every lookup use. */
export function normalisedAddress(email: string): string {
  return email.trim().toLowerCase();
}

export function addressHash(key: Buffer, environmentId: string, email: string): string {
  return createHmac('sha256', key)
    .update(`address:${environmentId}:${normalisedAddress(email)}`)
    .digest('base64url');
}
