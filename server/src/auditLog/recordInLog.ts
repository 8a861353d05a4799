import type { Database } from '../db/client';
import { auditLogEntries } from '../db/schema';
import type { AuditLogKind, AuditLogResourceType } from '../contract/auditLogKinds';

/** Who did it: the member's id and the name they had at the time (null id for the platform's own tools). */
export interface LogActor {
  userId: string | null;
  name: string;
}

/** What the Logboek records of one change. Never a message body, token, key or a recipient's data. */
export interface LogEntry {
  environmentId: string;
  actor: LogActor;
  kind: AuditLogKind;
  resource: {
    type: AuditLogResourceType;
    id?: string | null;
    /** A short non-personal name: a publication's title, a list's name; never an e-mail address. */
    label?: string | null;
  };
  rowCount?: number | null;
  detail?: string | null;
  /** The moment; the transaction's own time when absent (tests and seeds give one). */
  at?: Date;
}

const maxTextLength = 300;

/**
 * Writes one entry in the transaction `tx` of the change it records, so the change and its entry commit
 * together or not at all. Call it inside the area's transaction, after the change itself (a change of
 * one statement gets a transaction around both).
 */
export async function recordInLog(tx: Pick<Database, 'insert'>, entry: LogEntry): Promise<void> {
  await tx.insert(auditLogEntries).values({
    environmentId: entry.environmentId,
    actorUserId: entry.actor.userId,
    actorName: short(entry.actor.name) ?? '',
    kind: entry.kind,
    resourceType: entry.resource.type,
    resourceId: entry.resource.id ?? null,
    resourceLabel: short(entry.resource.label),
    rowCount: entry.rowCount ?? null,
    detail: short(entry.detail),
    ...(entry.at ? { occurredAt: entry.at } : {}),
  });
}

function short(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  return text.length > maxTextLength ? `${text.slice(0, maxTextLength - 1)}…` : text;
}
