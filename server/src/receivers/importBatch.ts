import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ImportMode } from '../contract/listImports';
import { importedSubscribersOutbox } from '../journeys/outbox';
import { importedConsentProofs } from '../signUp/consentProofs';
import type { Database } from '../db/client';
import { listImportRefusals, listImports } from '../db/schema/listImports';
import { lists, unsubscribers } from '../db/schema/receivers';
import type { FieldTarget } from './importMapping';

// One batch of an import, written in one transaction: the rows' subscribers in one statement, the list's
// subscriber count, the refused rows and the import's counters. A crash loses the whole batch or nothing,
// and the counters always describe what is committed: `rowsDone` is the cursor an instance taking the
// import over resumes from. Only the lease's owner commits (importLeases.ts).

/** A subscriber's columns as the import writes them (table column → SQL type in the row set). */
const columns: Record<FieldTarget, [string, string]> = {
  name: ['name', 'text'],
  email: ['email', 'text'],
  initials: ['initials', 'text'],
  firstName: ['first_name', 'text'],
  middleName: ['middle_name', 'text'],
  lastName: ['last_name', 'text'],
  phoneNumber: ['phone_number', 'text'],
  address: ['address', 'text'],
  postalCode: ['postal_code', 'text'],
  city: ['city', 'text'],
  country: ['country', 'text'],
  isOrganization: ['is_organization', 'boolean'],
  attribute1: ['attribute1', 'text'],
  attribute2: ['attribute2', 'text'],
  attribute3: ['attribute3', 'text'],
  attribute4: ['attribute4', 'text'],
  attribute5: ['attribute5', 'text'],
  attribute6: ['attribute6', 'text'],
  attribute7: ['attribute7', 'text'],
  attribute8: ['attribute8', 'text'],
  attribute9: ['attribute9', 'text'],
};

type Column = FieldTarget;

/**
 * How a valid row travels in its batch: a JSON object of only the carried columns, under their table
 * names. A batch keeps its rows as this text, not as objects, until it is written: 5,000 short strings
 * (joined into one when the batch is handed over) instead of 5,000 objects with their values.
 */
export function batchRowEncoder(
  carried: readonly Column[],
): (values: Readonly<Record<string, string | boolean | null>>) => string {
  return (values) => {
    const row: Record<string, string | boolean | null> = {};
    for (const target of carried) row[columns[target][0]] = values[target] ?? null;
    return JSON.stringify(row);
  };
}

export interface ImportBatch {
  importId: string;
  /** The instance writing it: the batch commits only while this owner holds the import's lease. */
  owner: string;
  environmentId: string;
  listId: string;
  mode: ImportMode;
  /** The columns the rows carry (importMapping.ts: ImportPlan.written), email first. */
  written: readonly Column[];
  /** The columns an update overwrites (email is the key and keeps its case). */
  overwritten: readonly Column[];
  /** Valid rows, their addresses unique within the file: a JSON array of `batchRowEncoder` objects. */
  rows: string;
  /** How many rows `rows` holds. */
  validRows: number;
  refusals: Array<{ rowNumber: number; reason: string; values: string[] }>;
  /** Addresses the file marks as opted out in the tool it comes from: never written to the list. */
  optedOut: string[];
  /** The unsubscriber's cause detail they are recorded with; null: they are only left out. */
  optedOutCause: string | null;
  /** Rows skipped before the batch (address earlier in the file). */
  duplicatesInFile: number;
  /** Rows of the file this batch covers, and the bytes read by its end. */
  rowCount: number;
  bytesRead: number;
}

/** Thrown inside a batch's transaction to roll it back: the import was cancelled, or the batch before failed. */
class BatchNotCommitted extends Error {}

/**
 * Writes one batch; answers false (writing nothing) when the import was cancelled meanwhile, its lease
 * went to another instance, or when `previous` (the batch before, possibly still writing) answers false or fails. Batches of one import may
 * run side by side on PostgreSQL: the heavy insert overlaps, but each commits only after the one before
 * it, so what is committed is always the file's first N batches, as with one batch at a time.
 */
export async function writeImportBatch(
  db: Database,
  batch: ImportBatch,
  previous: Promise<boolean> = Promise.resolve(true),
): Promise<boolean> {
  const [job] = await db
    .select({
      cancelRequested: listImports.cancelRequested,
      status: listImports.status,
      leaseOwner: listImports.leaseOwner,
    })
    .from(listImports)
    .where(eq(listImports.id, batch.importId));
  if (!job || job.cancelRequested || job.status !== 'Bezig' || job.leaseOwner !== batch.owner) return false;
  try {
    return await db.transaction(async (tx) => {
      const { kept, added, updated } = batch.validRows
        ? await writeRows(tx as unknown as Database, batch)
        : { kept: 0, added: 0, updated: 0 };
      if (!(await previous.catch(() => false))) throw new BatchNotCommitted();

      // The import's row lock: concurrent batches meet here, in file order. Cancelled or taken over
      // meanwhile: no row, and nothing of the batch is committed.
      const notWritten = kept - added - updated;
      const counted = await tx
        .update(listImports)
        .set({
          rowsDone: sql`${listImports.rowsDone} + ${batch.rowCount}`,
          bytesRead: sql`greatest(${listImports.bytesRead}, ${batch.bytesRead})`,
          added: sql`${listImports.added} + ${added}`,
          updated: sql`${listImports.updated} + ${updated}`,
          skippedDuplicate: sql`${listImports.skippedDuplicate} + ${batch.duplicatesInFile + (batch.mode === 'update' ? 0 : notWritten)}`,
          skippedMissing: sql`${listImports.skippedMissing} + ${batch.mode === 'update' ? notWritten : 0}`,
          skippedUnsubscribed: sql`${listImports.skippedUnsubscribed} + ${batch.validRows - kept}`,
          refused: sql`${listImports.refused} + ${batch.refusals.length}`,
          optedOut: sql`${listImports.optedOut} + ${batch.optedOut.length}`,
        })
        .where(
          and(
            eq(listImports.id, batch.importId),
            eq(listImports.status, 'Bezig'),
            eq(listImports.cancelRequested, false),
            eq(listImports.leaseOwner, batch.owner),
          ),
        )
        .returning({ id: listImports.id });
      if (counted.length === 0) throw new BatchNotCommitted();
      if (added > 0)
        await tx
          .update(lists)
          .set({ subscriberCount: sql`${lists.subscriberCount} + ${added}` })
          .where(eq(lists.id, batch.listId));
      if (batch.optedOut.length && batch.optedOutCause)
        await tx
          .insert(unsubscribers)
          .values(
            batch.optedOut.map((email) => ({
              environmentId: batch.environmentId,
              email,
              cause: 'Afgemeld',
              causeDetail: batch.optedOutCause,
            })),
          )
          .onConflictDoNothing(); // already unsubscribed: stays as it was
      if (batch.refusals.length)
        await tx
          .insert(listImportRefusals)
          .values(batch.refusals.map((refusal) => ({ importId: batch.importId, ...refusal })));
      return true;
    });
  } catch (error) {
    if (
      error instanceof BatchNotCommitted ||
      (error as { cause?: unknown }).cause instanceof BatchNotCommitted
    )
      return false;
    throw error;
  }
}

type Result<Row> = { rows: Row[] };

/**
 * One statement for the rows: those whose address is globally unsubscribed in the environment are left
 * out (never re-added, spec §6), the others written with INSERT … ON CONFLICT (add, addAndUpdate) or
 * UPDATE … FROM (update). Answers how many rows were kept (not unsubscribed), added and updated.
 */
async function writeRows(
  db: Database,
  batch: ImportBatch,
): Promise<{ kept: number; added: number; updated: number }> {
  // Only the mapped columns travel (the others keep their defaults): less JSON to write and to parse.
  const carried = batch.written;
  const recordType = sql.raw(
    carried.map((target) => `${columns[target][0]} ${columns[target][1]}`).join(', '),
  );
  const kept = sql`kept AS (
    SELECT v.* FROM jsonb_to_recordset(${batch.rows}::jsonb) AS v(${recordType})
    WHERE NOT EXISTS (
      SELECT 1 FROM unsubscribers AS u
      WHERE u.environment_id = ${batch.environmentId} AND u.removed_at IS NULL
        AND lower(u.email) = lower(v.email)
    )
  )`;
  const overwritten = batch.overwritten;
  if (batch.mode === 'update') {
    const assignments = sql.join(
      [...overwritten.map((t) => sql.raw(`${columns[t][0]} = v.${columns[t][0]}`)), sql`updated_at = now()`],
      sql`, `,
    );
    const result = (await db.execute(sql`
      WITH ${kept},
      written AS (
        UPDATE subscribers AS s SET ${assignments} FROM kept AS v
        WHERE s.list_id = ${batch.listId} AND lower(s.email) = lower(v.email)
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM kept)::int AS kept, 0 AS added, (SELECT count(*) FROM written)::int AS updated
    `)) as unknown as Result<{ kept: number; added: number; updated: number }>;
    return result.rows[0];
  }
  const names = sql.raw(carried.map((target) => columns[target][0]).join(', '));
  const values = sql.raw(
    carried
      .map((target) =>
        target === 'isOrganization' ? 'coalesce(v.is_organization, false)' : `v.${columns[target][0]}`,
      )
      .join(', '),
  );
  const onConflict: SQL =
    batch.mode === 'add'
      ? sql`DO NOTHING`
      : sql`DO UPDATE SET ${sql.join(
          [
            ...overwritten.map((t) =>
              sql.raw(
                t === 'isOrganization'
                  ? `is_organization = EXCLUDED.is_organization`
                  : `${columns[t][0]} = EXCLUDED.${columns[t][0]}`,
              ),
            ),
            sql`updated_at = now()`,
          ],
          sql`, `,
        )}`;
  // Counted in the database: one row comes back instead of one per subscriber (5,000 objects a batch).
  const result = (await db.execute(sql`
    WITH ${kept},
    written AS (
      INSERT INTO subscribers (list_id, ${names})
      SELECT ${batch.listId}::uuid, ${values} FROM kept AS v
      ON CONFLICT (list_id, lower(email)) ${onConflict}
      RETURNING id, (xmax = 0) AS inserted
    ),
    ${importedSubscribersOutbox(batch.environmentId, batch.listId)},
    ${importedConsentProofs(batch.environmentId, batch.listId, batch.importId)}
    SELECT (SELECT count(*) FROM kept)::int AS kept,
      count(*) FILTER (WHERE inserted)::int AS added, count(*) FILTER (WHERE NOT inserted)::int AS updated
    FROM written
  `)) as unknown as Result<{ kept: number; added: number; updated: number }>;
  return result.rows[0];
}
