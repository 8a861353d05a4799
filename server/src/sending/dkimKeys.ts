import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dkimKeys } from '../db/schema';
import { encryptPrivateKey } from './keyEncryption';

const generate = promisify(generateKeyPair);

/** How long a retired key's DNS record must stay: messages sent before a rotation are still checked. */
export const retiredKeyGraceMs = 7 * 24 * 60 * 60 * 1000;

export type DkimKeyState = 'pending' | 'active' | 'retired';

/** A key as the rest of the platform sees it: never the private key. */
export interface DkimKeyInfo {
  id: string;
  selector: string;
  publicKey: string;
  state: DkimKeyState;
  retiredAt: Date | null;
}

/** A key pair ready to be stored, its private key already encrypted. */
export type NewDkimKey = Omit<typeof dkimKeys.$inferInsert, 'domainId'>;

/**
 * A new RSA 2048 key pair, 'pending', its private key encrypted. Made before any transaction: generating it
 * takes a moment and needs no lock. The selector names the month and a random part (`dpp202611a1b2`), so a
 * rotation never reuses a name a resolver may have cached.
 */
export async function makeDkimKey(db: Database, now: Date): Promise<NewDkimKey> {
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const month = now.toISOString().slice(0, 7).replace('-', '');
  return {
    selector: `dpp${month}${randomBytes(2).toString('hex')}`,
    publicKey: publicKey.toString('base64'),
    encryptedPrivateKey: await encryptPrivateKey(db, privateKey),
    state: 'pending',
  };
}

/** The keys whose DNS records should exist now: pending, active, and retired less than a week ago; newest first. */
export async function publishedKeys(db: Database, domainId: string, now: Date): Promise<DkimKeyInfo[]> {
  return db
    .select({
      id: dkimKeys.id,
      selector: dkimKeys.selector,
      publicKey: dkimKeys.publicKey,
      state: dkimKeys.state,
      retiredAt: dkimKeys.retiredAt,
    })
    .from(dkimKeys)
    .where(
      and(
        eq(dkimKeys.domainId, domainId),
        or(isNull(dkimKeys.retiredAt), gt(dkimKeys.retiredAt, new Date(now.getTime() - retiredKeyGraceMs))),
      ),
    )
    .orderBy(desc(dkimKeys.createdAt)) as Promise<DkimKeyInfo[]>;
}

/** The key that signs: the active one, else (a new domain not yet checked) the newest pending one. */
export function signingKeyOf<TKey extends Pick<DkimKeyInfo, 'state'>>(
  keys: readonly TKey[],
): TKey | undefined {
  return keys.find((key) => key.state === 'active') ?? keys.find((key) => key.state === 'pending');
}

/** The pending key becomes the active one; the previous active key is retired (its record stays a week). */
export async function activateKey(db: Database, domainId: string, keyId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(dkimKeys)
      .set({ state: 'retired', retiredAt: now })
      .where(and(eq(dkimKeys.domainId, domainId), eq(dkimKeys.state, 'active')));
    await tx.update(dkimKeys).set({ state: 'active' }).where(eq(dkimKeys.id, keyId));
  });
}
