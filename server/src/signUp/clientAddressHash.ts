import { createHmac } from 'node:crypto';
import type { Database } from '../db/client';
import { serverSecret } from '../delivery/serverSecret';

// A consent proof keeps the client address only as an HMAC-SHA256 under the platform's 'consent-ip'
// secret: the same address gives the same hash (a proof can be matched against a claimed address), but
// the hash cannot be turned back into the address without the key.

const keys = new WeakMap<Database, Promise<Buffer>>();

export async function clientAddressHash(db: Database, address: string): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = serverSecret(db, 'consent-ip');
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return createHmac('sha256', await key)
    .update(address)
    .digest('hex');
}
