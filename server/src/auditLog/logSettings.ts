import { eq } from 'drizzle-orm';
import { defaultLogRetentionMonths, type AuditLogSettings } from '../contract/auditLog';
import type { Database } from '../db/client';
import { auditLogSettings } from '../db/schema';
import { recordInLog, type LogActor } from './recordInLog';

/** The environment's Logboek settings: its retention term (two years unless set). */
export async function readLogSettings(db: Database, environmentId: string): Promise<AuditLogSettings> {
  const [row] = await db
    .select({ retentionMonths: auditLogSettings.retentionMonths })
    .from(auditLogSettings)
    .where(eq(auditLogSettings.environmentId, environmentId));
  return { id: 'auditlog', retentionMonths: row?.retentionMonths ?? defaultLogRetentionMonths };
}

/** Sets the retention term, recorded in the Logboek itself. */
export async function saveLogSettings(
  db: Database,
  environmentId: string,
  retentionMonths: number,
  actor: LogActor,
): Promise<AuditLogSettings> {
  await db.transaction(async (tx) => {
    await tx
      .insert(auditLogSettings)
      .values({ environmentId, retentionMonths })
      .onConflictDoUpdate({ target: auditLogSettings.environmentId, set: { retentionMonths } });
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: 'logRetention.changed',
      resource: { type: 'auditLog', label: 'Logboek' },
      detail: `${retentionMonths} maanden`,
    });
  });
  return readLogSettings(db, environmentId);
}
