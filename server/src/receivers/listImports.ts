import { recordInLog } from '../auditLog/recordInLog';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type {
  ImportMapping,
  ImportMode,
  ImportNewLabels,
  ImportRefusal,
  ListImport,
} from '../contract/listImports';
import { dutchCsv } from '../csv/dutchCsv';
import type { Database } from '../db/client';
import { violatesUniqueConstraint } from '../db/constraintViolation';
import { listImportRefusals, listImports } from '../db/schema/listImports';
import { lists } from '../db/schema/receivers';
import type { ReceiverList } from '../contract/receivers';
import { ApiError, notFound } from '../errors';
import { findList } from './listRecords';
import type { StoredImportPlan } from './importMapping';

// The records of list imports: started (one running per list), read with their progress, cancelled and
// finished. The work itself: importRunner.ts; which instance does it: importLeases.ts.

export const oneImportAtATimeMessage =
  'Er loopt al een import voor deze lijst. Wacht tot die klaar is of annuleer hem.';
export const labelTakenMessage =
  'Een van de nieuwe labels is intussen al gegeven. Open de import opnieuw en kies de kolommen opnieuw.';

type ImportRow = typeof listImports.$inferSelect;

export interface NewImport {
  /** Chosen before the upload: the file is stored under it (importFiles.ts). */
  id: string;
  environmentId: string;
  listId: string;
  mode: ImportMode;
  mapping: ImportMapping;
  header: string[];
  fileName: string;
  fileBytes: number;
  encoding: string;
  delimiter: string;
  plan: StoredImportPlan;
  /** The receiving instance's lease (importLeases.ts: newImportLease). */
  leaseOwner: string;
  leaseUntil: Date;
  /** Who starts it: the Logboek names them when it ends. */
  startedByUserId: string | null;
  startedByName: string;
}

class LabelTaken extends Error {}

/**
 * Registers a running import and gives the list the import's new labels, in one transaction: both or
 * neither. 409 when the list already has a running import (the partial unique index decides), or when
 * a new label's attribute got a label meanwhile.
 */
export async function createImport(
  db: Database,
  values: NewImport,
  newLabels: ImportNewLabels = {},
): Promise<ImportRow> {
  try {
    return await db.transaction(async (tx) => {
      // The import first: it may wait for a batch of the list's running import to commit, and must
      // not hold the list's row meanwhile (that batch updates the list's count: a deadlock).
      const [created] = await tx.insert(listImports).values(values).returning();
      for (const [target, label] of Object.entries(newLabels)) {
        const column = `attributeLabel${target.slice('attribute'.length)}` as 'attributeLabel1';
        const labelled = await tx
          .update(lists)
          .set({ [column]: label })
          .where(and(eq(lists.id, values.listId), isNull(lists[column])))
          .returning({ id: lists.id });
        if (labelled.length === 0) throw new LabelTaken();
      }
      return created;
    });
  } catch (error) {
    if (error instanceof LabelTaken || (error as { cause?: unknown }).cause instanceof LabelTaken)
      throw new ApiError(409, labelTakenMessage, 'newLabels');
    if (violatesUniqueConstraint(error, 'list_imports_one_running'))
      throw new ApiError(409, oneImportAtATimeMessage, 'listId');
    throw error;
  }
}

/** The import with its progress: rows per second so far, total rows estimated from the bytes read. */
export function toListImport(row: ImportRow, now: Date = new Date()): ListImport {
  const end = row.finishedAt ?? now;
  const seconds = Math.max((end.getTime() - row.startedAt.getTime()) / 1000, 0.001);
  const rowsEstimated =
    row.status !== 'Bezig' || row.bytesRead >= row.fileBytes
      ? row.rowsDone
      : row.bytesRead > 0
        ? Math.max(row.rowsDone, Math.round((row.rowsDone * row.fileBytes) / row.bytesRead))
        : 0;
  return {
    id: row.id,
    listId: row.listId,
    status: row.status as ListImport['status'],
    mode: row.mode as ImportMode,
    mapping: row.mapping as ImportMapping,
    fileName: row.fileName,
    fileBytes: row.fileBytes,
    encoding: row.encoding as ListImport['encoding'],
    delimiter: row.delimiter,
    rowsDone: row.rowsDone,
    rowsEstimated,
    rowsPerSecond: Math.round((row.rowsDone / seconds) * 10) / 10,
    added: row.added,
    updated: row.updated,
    skippedDuplicate: row.skippedDuplicate,
    skippedUnsubscribed: row.skippedUnsubscribed,
    skippedMissing: row.skippedMissing,
    optedOut: row.optedOut,
    refused: row.refused,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The import of this list (already found in the environment), or a 404. */
/**
 * An import of one of the environment's lists, with that list; a deleted list's imports stay readable.
 * 404 naming the list when it is not the environment's, else naming the import.
 */
export async function findImportOfList(
  db: Database,
  environmentId: string,
  listId: string,
  importId: string,
): Promise<{ list: ReceiverList; listImport: ImportRow }> {
  const list = await findList(db, environmentId, listId, { includeDeleted: true });
  const [listImport] = await db
    .select()
    .from(listImports)
    .where(and(eq(listImports.id, importId), eq(listImports.listId, list.id)));
  if (!listImport) throw notFound('De import');
  return { list, listImport };
}

/** The latest imports of one of the environment's lists (deleted ones too), newest first. */
export async function latestImports(
  db: Database,
  environmentId: string,
  listId: string,
  limit = 20,
): Promise<ImportRow[]> {
  const list = await findList(db, environmentId, listId, { includeDeleted: true });
  return db
    .select()
    .from(listImports)
    .where(eq(listImports.listId, list.id))
    .orderBy(desc(listImports.startedAt), desc(listImports.id))
    .limit(limit);
}

/** Asks a running import to stop (the runner stops before its next batch); answers the import as it is now. */
export async function requestCancel(db: Database, listImport: ImportRow): Promise<ImportRow> {
  const [asked] = await db
    .update(listImports)
    .set({ cancelRequested: true })
    .where(and(eq(listImports.id, listImport.id), eq(listImports.status, 'Bezig')))
    .returning();
  return asked ?? listImport;
}

/**
 * Ends a running import the owner holds with its final status (and the reason it failed), with its
 * Logboek entry in the same transaction: the list, the rows it added and updated, who started it. False
 * when it is not the owner's any more (another instance took it over) or no longer running.
 */
export async function finishImport(
  db: Database,
  importId: string,
  owner: string,
  status: 'Voltooid' | 'Mislukt' | 'Geannuleerd',
  error: string | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .update(listImports)
      .set({ status, error, finishedAt: new Date(), leaseOwner: null, leaseUntil: null })
      .where(
        and(eq(listImports.id, importId), eq(listImports.status, 'Bezig'), eq(listImports.leaseOwner, owner)),
      )
      .returning();
    if (!ended) return false;
    const [list] = await tx.select({ title: lists.title }).from(lists).where(eq(lists.id, ended.listId));
    await recordInLog(tx, {
      environmentId: ended.environmentId,
      actor: { userId: ended.startedByUserId, name: ended.startedByName ?? 'Onbekend' },
      kind: 'list.imported',
      resource: { type: 'list', id: ended.listId, label: list?.title },
      rowCount: ended.added + ended.updated,
      detail: `${status}: ${ended.added} toegevoegd, ${ended.updated} bijgewerkt, ${ended.refused} geweigerd`,
    });
    return true;
  });
}

/** The first refused rows of an import, by row number. */
export async function firstRefusals(db: Database, importId: string, limit: number): Promise<ImportRefusal[]> {
  return db
    .select({
      rowNumber: listImportRefusals.rowNumber,
      reason: listImportRefusals.reason,
      values: listImportRefusals.values,
    })
    .from(listImportRefusals)
    .where(eq(listImportRefusals.importId, importId))
    .orderBy(asc(listImportRefusals.rowNumber))
    .limit(limit);
}

/**
 * The refused rows as CSV (semicolons, BOM) in the file's own layout: its header plus 'Reden', each row's
 * cells plus its reason. Fixed, the file imports again as it is, with the same suggested mapping.
 * Imports from before the header was kept answer row number, reason and cells.
 */
export function refusedRowsCsv(db: Database, listImport: Pick<ImportRow, 'id' | 'header'>): Readable {
  const importId = listImport.id;
  const { header } = listImport;
  const line = (refusal: { rowNumber: number; reason: string; values: string[] }) =>
    header.length === 0
      ? [String(refusal.rowNumber), refusal.reason, ...refusal.values]
      : [...header.map((_, column) => refusal.values[column] ?? ''), refusal.reason];
  async function* rows() {
    let after = 0;
    for (;;) {
      const batch = await db
        .select()
        .from(listImportRefusals)
        .where(
          and(eq(listImportRefusals.importId, importId), sql`${listImportRefusals.rowNumber} > ${after}`),
        )
        .orderBy(asc(listImportRefusals.rowNumber))
        .limit(1000);
      if (batch.length === 0) return;
      for (const refusal of batch) yield line(refusal);
      after = batch[batch.length - 1].rowNumber;
    }
  }
  // Formulas are escaped as in every CSV of ours; the import takes the quote off again (importMapping.ts).
  return dutchCsv(header.length === 0 ? ['Rij', 'Reden'] : [...header, 'Reden'], rows());
}
