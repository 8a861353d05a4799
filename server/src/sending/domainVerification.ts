import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sendingDomains } from '../db/schema';
import { badRequest } from '../errors';
import { activateKey, publishedKeys, signingKeyOf } from './dkimKeys';
import { checkRecords, type TxtLookup } from './domainCheck';
import { expectedRecords } from './dnsRecords';
import { domainRow } from './sendingDomain';

/**
 * 'Controleren': looks every record up and stores what was found. A pending key whose record is found
 * becomes the signing key (the previous one is retired, its record kept a week). The domain is verified when
 * the signing key's DKIM record, SPF and DMARC are all right, and unverified again as soon as one is not.
 */
export async function verifySendingDomain(
  db: Database,
  environmentId: string,
  lookup: TxtLookup,
  spfInclude: string | undefined,
  now: Date,
): Promise<void> {
  const row = await domainRow(db, environmentId);
  if (!row) throw badRequest('domain', 'Stel eerst een verzenddomein in.');
  const keys = await publishedKeys(db, row.id, now);
  const records = expectedRecords(row.domain, keys, spfInclude);
  const results = await checkRecords(lookup, records, spfInclude);
  const isRight = (name: string) => results.some((result) => result.name === name && result.status === 'ok');

  const pending = keys.find((key) => key.state === 'pending');
  const pendingRecord = pending && records.find((record) => record.keyId === pending.id);
  if (pending && pendingRecord && isRight(pendingRecord.name)) {
    await activateKey(db, row.id, pending.id, now);
    for (const key of keys) if (key.state === 'active') key.state = 'retired';
    pending.state = 'active';
  }
  const signing = signingKeyOf(keys);
  const signingRecord = signing && records.find((record) => record.keyId === signing.id);
  const verified =
    signingRecord !== undefined &&
    isRight(signingRecord.name) &&
    results.filter((result) => result.kind !== 'dkim').every((result) => result.status === 'ok');
  await db
    .update(sendingDomains)
    .set({ checkedAt: now, lastCheck: results, verifiedAt: verified ? now : null })
    .where(eq(sendingDomains.id, row.id));
}
