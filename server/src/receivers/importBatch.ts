import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ImportMode, ImportTarget } from '../contract/listImports';
import type { Database } from '../db/client';
import { listImportRefusals, listImports } from '../db/schema/listImports';
import { lists } from '../db/schema/receivers';

// One batch of an import, written in one transaction: the rows' subscribers in one statement, the list's
// subscriber count, the refused rows and the import's counters. A crash loses the whole batch or nothing,
// and the counters always describe what is committed.

/** A subscriber's columns as the import writes them (table column → SQL type in the row set). */
const columns: Record<Exclude<ImportTarget, 'skip'>, [string, string]> = {
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

/** The subscriber columns the batch's mapping fills. */
const mappedTargets = (batch: ImportBatch) =>
  batch.targets.filter((target) => target !== 'skip') as Array<keyof typeof columns>;

export interface ImportBatch {
  importId: string;
  environmentId: string;
  listId: string;
  mode: ImportMode;
  /** The mapped targets (the columns an update overwrites; email is the key and keeps its case). */
  targets: readonly ImportTarget[];
  /** Valid rows, their addresses unique within the file. */
  rows: Array<Record<string, string | boolean | null>>;
  refusals: Array<{ rowNumber: number; reason: string; values: string[] }>;
  /** Rows skipped before the batch (address earlier in the file). */
  duplicatesInFile: number;
  /** Rows of the file this batch covers, and the bytes read by its end. */
  rowCount: number;
  bytesRead: number;
}

/** Thrown inside a batch's transaction to roll it back: the import was cancelled, or the batch before failed. */
class BatchNotCommitted extends Error {}

/**
 * Writes one batch; answers false (writing nothing) when the import was cancelled meanwhile, or when
 * `previous` (the batch before, possibly still writing) answers false or fails. Batches of one import may
 * run side by side on PostgreSQL: the heavy insert overlaps, but each commits only after the one before
 * it, so what is committed is always the file's first N batches, as with one batch at a time.
 */
export async function writeImportBatch(
  db: Database,
  batch: ImportBatch,
  previous: Promise<boolean> = Promise.resolve(true),
): Promise<boolean> {
  const [job] = await db
    .select({ cancelRequested: listImports.cancelRequested, status: listImports.status })
    .from(listImports)
    .where(eq(listImports.id, batch.importId));
  if (!job || job.cancelRequested || job.status !== 'Bezig') return false;
  try {
    return await db.transaction(async (tx) => {
      const unsubscribed = await unsubscribedAddresses(tx as unknown as Database, batch);
      const rows = batch.rows.filter((row) => !unsubscribed.has(String(row.email).toLowerCase()));
      const { added, updated } = rows.length
        ? await writeRows(tx as unknown as Database, batch, rows)
        : { added: 0, updated: 0 };
      if (!(await previous.catch(() => false))) throw new BatchNotCommitted();

      // The import's row lock: concurrent batches meet here, in file order. Cancelled meanwhile: no row.
      const notWritten = rows.length - added - updated;
      const counted = await tx
        .update(listImports)
        .set({
          rowsDone: sql`${listImports.rowsDone} + ${batch.rowCount}`,
          bytesRead: sql`greatest(${listImports.bytesRead}, ${batch.bytesRead})`,
          added: sql`${listImports.added} + ${added}`,
          updated: sql`${listImports.updated} + ${updated}`,
          skippedDuplicate: sql`${listImports.skippedDuplicate} + ${batch.duplicatesInFile + (batch.mode === 'update' ? 0 : notWritten)}`,
          skippedMissing: sql`${listImports.skippedMissing} + ${batch.mode === 'update' ? notWritten : 0}`,
          skippedUnsubscribed: sql`${listImports.skippedUnsubscribed} + ${batch.rows.length - rows.length}`,
          refused: sql`${listImports.refused} + ${batch.refusals.length}`,
        })
        .where(
          and(
            eq(listImports.id, batch.importId),
            eq(listImports.status, 'Bezig'),
            eq(listImports.cancelRequested, false),
          ),
        )
        .returning({ id: listImports.id });
      if (counted.length === 0) throw new BatchNotCommitted();
      if (added > 0)
        await tx
          .update(lists)
          .set({ subscriberCount: sql`${lists.subscriberCount} + ${added}` })
          .where(eq(lists.id, batch.listId));
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

/** The batch's addresses (lower case) that are globally unsubscribed in the environment. */
async function unsubscribedAddresses(db: Database, batch: ImportBatch): Promise<Set<string>> {
  if (batch.rows.length === 0) return new Set();
  const emails = JSON.stringify(batch.rows.map((row) => String(row.email).toLowerCase()));
  const result = (await db.execute(sql`
    SELECT lower(email) AS email FROM unsubscribers
    WHERE environment_id = ${batch.environmentId} AND removed_at IS NULL
      AND lower(email) IN (SELECT jsonb_array_elements_text(${emails}::jsonb))
  `)) as unknown as Result<{ email: string }>;
  return new Set(result.rows.map((row) => row.email));
}

/** One statement for the rows: INSERT … ON CONFLICT (add, addAndUpdate) or UPDATE … FROM (update). */
async function writeRows(
  db: Database,
  batch: ImportBatch,
  rows: ImportBatch['rows'],
): Promise<{ added: number; updated: number }> {
  // Only the mapped columns travel (the others keep their defaults): less JSON to write and to parse.
  const used = [...new Set<keyof typeof columns>(['email', ...mappedTargets(batch)])];
  const payload = JSON.stringify(
    rows.map((row) => Object.fromEntries(used.map((target) => [columns[target][0], row[target] ?? null]))),
  );
  const recordType = sql.raw(used.map((target) => `${columns[target][0]} ${columns[target][1]}`).join(', '));
  const rowSet = sql`jsonb_to_recordset(${payload}::jsonb) AS v(${recordType})`;
  const overwritten = mappedTargets(batch).filter((target) => target !== 'email');
  if (batch.mode === 'update') {
    const assignments = sql.join(
      [...overwritten.map((t) => sql.raw(`${columns[t][0]} = v.${columns[t][0]}`)), sql`updated_at = now()`],
      sql`, `,
    );
    const result = (await db.execute(sql`
      WITH written AS (
        UPDATE subscribers AS s SET ${assignments} FROM ${rowSet}
        WHERE s.list_id = ${batch.listId} AND lower(s.email) = lower(v.email)
        RETURNING 1
      )
      SELECT count(*)::int AS updated FROM written
    `)) as unknown as Result<{ updated: number }>;
    return { added: 0, updated: result.rows[0].updated };
  }
  const names = sql.raw(used.map((target) => columns[target][0]).join(', '));
  const values = sql.raw(
    used
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
    WITH written AS (
      INSERT INTO subscribers (list_id, ${names})
      SELECT ${batch.listId}::uuid, ${values} FROM ${rowSet}
      ON CONFLICT (list_id, lower(email)) ${onConflict}
      RETURNING (xmax = 0) AS inserted
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS added, count(*) FILTER (WHERE NOT inserted)::int AS updated
    FROM written
  `)) as unknown as Result<{ added: number; updated: number }>;
  return result.rows[0];
}
