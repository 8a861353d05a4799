import { and, eq } from 'drizzle-orm';
import type { SendingDomain } from '../contract/sending';
import type { Database } from '../db/client';
import { dkimKeys, sendingDomains } from '../db/schema';
import { makeDkimKey, publishedKeys, signingKeyOf } from './dkimKeys';
import { expectedRecords } from './dnsRecords';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';

// An environment's sending domain: setting it (a new domain gets a new key pair), rotating its key, and
// reading it with the records to create and what the last check found.

export interface DomainRow {
  id: string;
  domain: string;
  checkedAt: Date | null;
  verifiedAt: Date | null;
  lastCheck: typeof sendingDomains.$inferSelect.lastCheck;
}

export async function domainRow(db: Database, environmentId: string): Promise<DomainRow | undefined> {
  const [row] = await db
    .select({
      id: sendingDomains.id,
      domain: sendingDomains.domain,
      checkedAt: sendingDomains.checkedAt,
      verifiedAt: sendingDomains.verifiedAt,
      lastCheck: sendingDomains.lastCheck,
    })
    .from(sendingDomains)
    .where(eq(sendingDomains.environmentId, environmentId));
  return row;
}

/** The domain with its records; each record carries the last check's finding for that exact record. */
export async function readSendingDomain(
  db: Database,
  environmentId: string,
  spfInclude: string | undefined,
  now: Date,
): Promise<SendingDomain | null> {
  const row = await domainRow(db, environmentId);
  if (!row) return null;
  const keys = await publishedKeys(db, row.id, now);
  const records = expectedRecords(row.domain, keys, spfInclude).map((record) => {
    const found = row.lastCheck?.find((check) => check.kind === record.kind && check.name === record.name);
    return {
      kind: record.kind,
      type: record.type,
      name: record.name,
      value: record.value,
      note: record.note ?? null,
      keepUntil: record.keepUntil?.toISOString() ?? null,
      check: found ? { status: found.status, message: found.message } : null,
    };
  });
  return {
    domain: row.domain,
    verified: row.verifiedAt !== null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    records,
  };
}

/**
 * Sets the environment's sending domain. The same domain again changes nothing; another one replaces the old
 * (its keys go with it) and gets a new key pair, unverified until its records are checked.
 */
export async function setSendingDomain(
  db: Database,
  environmentId: string,
  domain: string,
  now: Date,
  actor: LogActor,
): Promise<void> {
  const current = await domainRow(db, environmentId);
  if (current?.domain === domain) return;
  const key = await makeDkimKey(db, now);
  await db.transaction(async (tx) => {
    // One row per environment, replaced in place: the upsert locks it, so two people choosing a domain at
    // once end with one domain and its one key, never a unique violation.
    const [row] = await tx
      .insert(sendingDomains)
      .values({ environmentId, domain })
      .onConflictDoUpdate({
        target: sendingDomains.environmentId,
        set: { domain, checkedAt: null, lastCheck: null, verifiedAt: null, createdAt: now },
      })
      .returning({ id: sendingDomains.id });
    await tx.delete(dkimKeys).where(eq(dkimKeys.domainId, row.id));
    await tx.insert(dkimKeys).values({ ...key, domainId: row.id });
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: 'sendingDomain.changed',
      resource: { type: 'sendingDomain', id: row.id, label: domain },
      detail: current ? `was ${current.domain}` : null,
    });
  });
}

/**
 * A new key pair, pending until its record is found; the active key keeps signing meanwhile. A pending key
 * not yet published is replaced rather than kept beside the new one.
 */
export async function rotateDkimKey(
  db: Database,
  domain: { environmentId: string; id: string; domain: string },
  now: Date,
  actor: LogActor,
): Promise<void> {
  const key = await makeDkimKey(db, now);
  const domainId = domain.id;
  await db.transaction(async (tx) => {
    await tx.delete(dkimKeys).where(and(eq(dkimKeys.domainId, domainId), eq(dkimKeys.state, 'pending')));
    await tx.insert(dkimKeys).values({ ...key, domainId });
    // The key's selector names it; the key itself never enters the Logboek.
    await recordInLog(tx, {
      environmentId: domain.environmentId,
      actor,
      kind: 'dkim.rotated',
      resource: { type: 'sendingDomain', id: domainId, label: domain.domain },
      detail: `selector ${key.selector}`,
    });
  });
}

export { signingKeyOf };
