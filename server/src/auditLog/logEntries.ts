import type { Readable } from 'node:stream';
import { and, count, desc, eq, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  auditLogKindLabels,
  auditLogResourceTypeLabels,
  type AuditLogActor,
  type AuditLogEntry,
  type AuditLogExportQuery,
  type AuditLogKind,
  type AuditLogQuery,
  type AuditLogResourceType,
} from '../contract/auditLog';
import { pageSize } from '../contract/paging';
import { dutchCsv } from '../csv/dutchCsv';
import type { Database } from '../db/client';
import { keysetBatches } from '../db/keysetBatches';
import { readPage } from '../db/paging';
import { auditLogEntries } from '../db/schema';

// Reading the Logboek of one environment: a page newest first, the people in it, and the CSV export.

export const auditLogColumns = {
  id: auditLogEntries.id,
  occurredAt: auditLogEntries.occurredAt,
  actorUserId: auditLogEntries.actorUserId,
  actorName: auditLogEntries.actorName,
  kind: auditLogEntries.kind,
  resourceType: auditLogEntries.resourceType,
  resourceId: auditLogEntries.resourceId,
  resourceLabel: auditLogEntries.resourceLabel,
  rowCount: auditLogEntries.rowCount,
  detail: auditLogEntries.detail,
};

interface EntryRow extends Omit<AuditLogEntry, 'occurredAt' | 'kind' | 'resourceType'> {
  occurredAt: Date;
  kind: string;
  resourceType: string;
}

export function toAuditLogEntry({
  id,
  actorUserId,
  actorName,
  resourceId,
  resourceLabel,
  rowCount,
  detail,
  ...row
}: EntryRow): AuditLogEntry {
  return {
    id,
    actorUserId,
    actorName,
    resourceId,
    resourceLabel,
    rowCount,
    detail,
    occurredAt: row.occurredAt.toISOString(),
    kind: row.kind as AuditLogKind,
    resourceType: row.resourceType as AuditLogResourceType,
  };
}

/** The start of a day in Amsterdam, as the moment PostgreSQL compares with. */
const amsterdamDayStart = (day: string) => sql`((${day}::date)::timestamp at time zone 'Europe/Amsterdam')`;

/** The WHERE of the environment's entries narrowed by member, kind and period (days in Amsterdam). */
function matching(environmentId: string, filter: AuditLogExportQuery): SQL | undefined {
  return and(
    eq(auditLogEntries.environmentId, environmentId),
    filter.actorUserId === undefined ? undefined : eq(auditLogEntries.actorUserId, filter.actorUserId),
    filter.kind === undefined ? undefined : eq(auditLogEntries.kind, filter.kind),
    filter.from === undefined
      ? undefined
      : sql`${auditLogEntries.occurredAt} >= ${amsterdamDayStart(filter.from)}`,
    filter.until === undefined
      ? undefined
      : sql`${auditLogEntries.occurredAt} < ${amsterdamDayStart(filter.until)} + interval '1 day'`,
  );
}

/** One page of the environment's Logboek, newest first, and the number of matches. */
export async function auditLogPage(
  db: Database,
  environmentId: string,
  query: AuditLogQuery,
): Promise<{ data: AuditLogEntry[]; total: number }> {
  const { offset = 0, limit = pageSize, ...filter } = query;
  const where = matching(environmentId, filter);
  const { rows, total } = await readPage(
    db
      .select(auditLogColumns)
      .from(auditLogEntries)
      .where(where)
      .orderBy(desc(auditLogEntries.occurredAt), desc(auditLogEntries.id))
      .offset(offset)
      .limit(limit),
    db.select({ total: count() }).from(auditLogEntries).where(where),
  );
  return { data: rows.map(toAuditLogEntry), total };
}

/** Everyone who appears in the environment's Logboek (by their latest name), for the member filter. */
export async function auditLogActors(db: Database, environmentId: string): Promise<AuditLogActor[]> {
  const rows = await db
    .selectDistinctOn([auditLogEntries.actorUserId], {
      id: auditLogEntries.actorUserId,
      name: auditLogEntries.actorName,
    })
    .from(auditLogEntries)
    .where(and(eq(auditLogEntries.environmentId, environmentId), isNotNull(auditLogEntries.actorUserId)))
    .orderBy(auditLogEntries.actorUserId, desc(auditLogEntries.occurredAt));
  return rows
    .map((row) => ({ id: row.id as string, name: row.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}

/** Dates in the file as Dutch staff read them: local time, sortable (2026-11-23 14:05:09). */
const timestampFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Amsterdam',
  dateStyle: 'short',
  timeStyle: 'medium',
});

const csvHeader = ['Moment', 'Lid', 'Handeling', 'Onderdeel', 'Omschrijving', 'Aantal', 'Toelichting', 'Id'];
const batchSize = 500;

/** The matching entries as a CSV file for Excel in Dutch settings, newest first, read in batches. */
export function auditLogCsv(
  db: Database,
  environmentId: string,
  filter: AuditLogExportQuery,
): { fileName: string; content: Readable } {
  return { fileName: 'logboek.csv', content: dutchCsv(csvHeader, csvRows(db, environmentId, filter)) };
}

async function* csvRows(db: Database, environmentId: string, filter: AuditLogExportQuery) {
  const where = matching(environmentId, filter);
  // The cursor's time travels as text: a JavaScript Date would cut PostgreSQL's microseconds.
  const batches = keysetBatches(
    (after: { cursor: string; id: string } | undefined) =>
      db
        .select({ ...auditLogColumns, cursor: sql<string>`${auditLogEntries.occurredAt}::text` })
        .from(auditLogEntries)
        .where(
          and(
            where,
            after
              ? or(
                  lt(auditLogEntries.occurredAt, sql`${after.cursor}::timestamptz`),
                  and(
                    eq(auditLogEntries.occurredAt, sql`${after.cursor}::timestamptz`),
                    lt(auditLogEntries.id, after.id),
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(desc(auditLogEntries.occurredAt), desc(auditLogEntries.id))
        .limit(batchSize),
    (last) => ({ cursor: last.cursor, id: last.id }),
  );
  for await (const batch of batches) {
    for (const row of batch) yield csvRow(toAuditLogEntry(row));
  }
}

function csvRow(entry: AuditLogEntry): string[] {
  return [
    timestampFormat.format(new Date(entry.occurredAt)),
    entry.actorName,
    auditLogKindLabels[entry.kind] ?? entry.kind,
    auditLogResourceTypeLabels[entry.resourceType] ?? entry.resourceType,
    entry.resourceLabel ?? '',
    entry.rowCount === null ? '' : String(entry.rowCount),
    entry.detail ?? '',
    entry.resourceId ?? '',
  ];
}
