import { count, desc, eq, inArray } from 'drizzle-orm';
import { platformLogKinds, type PlatformLogEntry, type PlatformLogQuery } from '../contract/auditLog';
import { pageSize } from '../contract/paging';
import type { Database } from '../db/client';
import { readPage } from '../db/paging';
import { auditLogEntries, environments } from '../db/schema';
import { auditLogColumns, toAuditLogEntry } from './logEntries';

// The platform log: the entries about environments and their members, of every environment, for the
// platform administrators. They are the same entries each environment's Logboek holds.

/** One page of the platform log, newest first, each entry with its environment's name. */
export async function platformLogPage(
  db: Database,
  query: PlatformLogQuery,
): Promise<{ data: PlatformLogEntry[]; total: number }> {
  const { offset = 0, limit = pageSize } = query;
  const where = inArray(auditLogEntries.kind, [...platformLogKinds]);
  const { rows, total } = await readPage(
    db
      .select({ ...auditLogColumns, environmentId: environments.id, environmentName: environments.name })
      .from(auditLogEntries)
      .innerJoin(environments, eq(environments.id, auditLogEntries.environmentId))
      .where(where)
      .orderBy(desc(auditLogEntries.occurredAt), desc(auditLogEntries.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(auditLogEntries).where(where),
  );
  return {
    data: rows.map(({ environmentId, environmentName, ...row }) => ({
      ...toAuditLogEntry(row),
      environmentId,
      environmentName,
    })),
    total,
  };
}
