import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Database } from '../db/client';
import type { listImports } from '../db/schema/listImports';
import { erasedAddresses, erasedAddressReason } from '../privacy/suppression';
import { batchRowEncoder, writeImportBatch, type ImportBatch } from './importBatch';
import { readCsvRecords, type CsvFormat } from './importCsv';
import type { ImportFiles } from './importFiles';
import {
  claimImport,
  newImportLease,
  releaseAllImportLeases,
  releaseImportLease,
  renewImportLease,
  unattendedImports,
} from './importLeases';
import { isOptedOut } from './optedOutRows';
import { mapRow, planFromStored, type ImportPlan, type StoredImportPlan } from './importMapping';
import { finishImport } from './listImports';
import { SeenAddresses } from './seenAddresses';

// The background work of imports, in every server process: each import this instance holds the lease of
// (importLeases.ts) is read from the store and written in batches (importBatch.ts), one transaction each,
// yielding to requests between them (PGlite runs one query at a time). The instance that received the
// file starts it; a heartbeat renews the lease while it runs. Every half lease each instance sweeps for
// running imports nobody holds: their instance died (or stopped, releasing them), and the import resumes
// from its last committed batch. Closing the server stops its imports between two batches and releases
// their leases, so another instance (or this one at its next start) goes on at once.

type ImportRow = typeof listImports.$inferSelect;

export interface ImportRunnerSettings {
  /** IMPORT_BATCH_ROWS: rows per batch (one transaction). */
  batchRows: number;
  /**
   * IMPORT_WRITERS: batches of one import written at once. 1 on PGlite (one query at a time anyway; the
   * next batch is still parsed while one is written); on PostgreSQL 2 lets its backends share the work
   * of the indexes while commits stay in file order (importBatch.ts).
   */
  writers: number;
  /** IMPORT_LEASE_SECONDS in ms: how long a dead instance keeps its imports before another takes them over. */
  leaseMs: number;
}

export interface ImportRunner {
  /** The lease a new import is created with: this instance runs it at once (`start`). */
  newLease(): { leaseOwner: string; leaseUntil: Date };
  /** Runs an import this instance holds the lease of (one it just created). */
  start(row: ImportRow): void;
  /** Claims and runs every running import nobody holds (also every half lease once opened). */
  sweep(): Promise<void>;
  /**
   * Starts the sweeps. `embedded`: the database is PGlite, whose data-directory lock makes this the only
   * process, so every lease found is a dead run's and is released first (its imports resume at once).
   */
  open(options: { embedded: boolean }): Promise<void>;
  /** Stops every import between batches, releases their leases and waits for them. */
  stop(): Promise<void>;
}

/** Why an import ended without its file. */
export const importFileGoneMessage =
  'Het bestand van deze import is niet meer beschikbaar. Importeer het bestand opnieuw; de rijen die al verwerkt waren blijven staan.';

export function createImportRunner(
  db: Database,
  files: ImportFiles,
  settings: ImportRunnerSettings,
  now: () => Date = () => new Date(),
): ImportRunner {
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  const { batchRows, writers, leaseMs } = settings;
  const running = new Map<string, Promise<void>>();
  let stopping = false;
  let sweepTimer: NodeJS.Timeout | undefined;

  /** Ends the import if this instance still holds it; its file goes with it. */
  async function end(row: ImportRow, status: 'Voltooid' | 'Mislukt' | 'Geannuleerd', error?: string) {
    if (await finishImport(db, row.id, owner, status, error))
      await files.remove(row.environmentId, row.id).catch(() => undefined); // reconciliation removes it later
  }

  /** Runs a held import, renewing its lease meanwhile; `lost` turns true once another instance holds it. */
  async function runHeld(row: ImportRow): Promise<void> {
    const lease = { lost: false };
    const heartbeat = setInterval(() => {
      renewImportLease(db, row.id, owner, now(), leaseMs).then(
        (held) => (lease.lost ||= !held),
        () => undefined, // a missed renewal is retried; the batches' lease check stays the guard
      );
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      await run(row, () => stopping || lease.lost);
    } finally {
      clearInterval(heartbeat);
      // Stopping: the import stays 'Bezig' and another instance takes it over at once.
      if (stopping) await releaseImportLease(db, row.id, owner).catch(() => undefined);
    }
  }

  async function run(row: ImportRow, halted: () => boolean): Promise<void> {
    const content = row.plan ? await files.read(row.environmentId, row.id) : undefined;
    if (!content) return end(row, 'Mislukt', importFileGoneMessage);
    const plan = planFromStored(row.plan as StoredImportPlan);
    const format = { encoding: row.encoding, delimiter: row.delimiter } as CsvFormat;
    const seen = new SeenAddresses();
    const inFlight = new Set<Promise<boolean>>();
    let last: Promise<boolean> = Promise.resolve(true);
    let ended = false; // a batch was not written (cancelled, taken over) or failed: nothing after it is
    let failure: unknown;
    let batch = emptyBatch(row, plan, owner);
    /**
     * The batch's valid rows (as JSON text, joined into `batch.rows` when it is handed over) and its
     * opted-out rows, each with its address and cells: an erased address among them is refused then.
     */
    let rows: PendingRow[] = [];
    const encodeRow = batchRowEncoder(plan.written);
    let bytesRead = 0;
    /** Hands the batch to a writer once one is free; false when the import should stop reading. */
    const flush = async (): Promise<boolean> => {
      batch.bytesRead = bytesRead;
      // An erased person's address is refused, never written back (privacy/suppression.ts).
      const erased = await erasedAddresses(
        db,
        row.environmentId,
        rows.map((pending) => pending.email),
      );
      const kept = rows.filter((pending) => {
        if (!erased.has(pending.email.trim().toLowerCase())) return true;
        batch.refusals.push({
          rowNumber: pending.rowNumber,
          reason: erasedAddressReason,
          values: pending.cells,
        });
        return false;
      });
      batch.refusals.sort((a, b) => a.rowNumber - b.rowNumber);
      batch.optedOut = kept
        .filter((pending) => pending.encoded === undefined)
        .map((pending) => pending.email);
      const valid = kept.flatMap((pending) => (pending.encoded === undefined ? [] : [pending.encoded]));
      batch.rows = `[${valid.join(',')}]`;
      batch.validRows = valid.length;
      rows = [];
      while (inFlight.size >= writers) await Promise.race(inFlight);
      if (ended || halted()) return false;
      const written = writeImportBatch(db, batch, last);
      const settled = written.then(
        (ok) => {
          if (!ok) ended = true;
          return ok;
        },
        (error: unknown) => {
          ended = true;
          failure ??= error;
          return false;
        },
      );
      last = written;
      inFlight.add(settled);
      void settled.finally(() => inFlight.delete(settled));
      batch = emptyBatch(row, plan, owner);
      await yieldToRequests();
      return !ended && !halted();
    };
    try {
      let reading = true;
      for await (const record of readCsvRecords(content, format, (bytes) => (bytesRead = bytes))) {
        // Rows an earlier run committed (`rowsDone` is committed with each batch): only their
        // addresses count, so a later repeat is still skipped as a duplicate within the file.
        if (record.rowNumber - 1 <= row.rowsDone) {
          const mapped = mapRow(record.cells, plan);
          if (!('refusal' in mapped)) seen.firstTime(String(mapped.values.email));
          if ((record.rowNumber - 1) % batchRows === 0) {
            await yieldToRequests();
            if (halted()) return;
          }
          continue;
        }
        batch.rowCount += 1;
        const mapped = mapRow(record.cells, plan);
        if ('refusal' in mapped) {
          batch.refusals.push({ rowNumber: record.rowNumber, reason: mapped.refusal, values: record.cells });
        } else if (!seen.firstTime(String(mapped.values.email))) {
          batch.duplicatesInFile += 1;
        } else if (plan.optedOut && isOptedOut(record.cells, plan.optedOut.column)) {
          rows.push({ email: String(mapped.values.email), rowNumber: record.rowNumber, cells: record.cells });
        } else {
          rows.push({
            email: String(mapped.values.email),
            rowNumber: record.rowNumber,
            cells: record.cells,
            encoded: encodeRow(mapped.values),
          });
        }
        if (batch.rowCount >= batchRows && !(await flush())) {
          reading = false;
          break;
        }
      }
      if (reading && batch.rowCount > 0) await flush();
      await Promise.all(inFlight);
      if (failure !== undefined) throw failure; // the import fails (below)
      if (halted()) return; // stopping, or another instance holds it now
      // Not written: cancelled (or taken over, and then `end` changes nothing).
      await end(row, ended ? 'Geannuleerd' : 'Voltooid');
    } catch (error) {
      await Promise.all(inFlight);
      if (halted()) return;
      const reason = error instanceof Error ? error.message : String(error);
      await end(row, 'Mislukt', `Het bestand kon niet worden gelezen: ${reason}`);
    }
  }

  function start(row: ImportRow): void {
    if (running.has(row.id)) return;
    const work = runHeld(row)
      .catch(() => undefined) // run() records its own failures; only the database could fail here
      .finally(() => running.delete(row.id));
    running.set(row.id, work);
  }

  async function sweep(): Promise<void> {
    for (const importId of await unattendedImports(db, now())) {
      if (stopping || running.has(importId)) continue;
      const claimed = await claimImport(db, importId, owner, now(), leaseMs);
      if (claimed) start(claimed);
    }
  }

  return {
    newLease: () => newImportLease(owner, now(), leaseMs),
    start,
    sweep,
    async open({ embedded }) {
      if (embedded) await releaseAllImportLeases(db);
      await sweep();
      sweepTimer = setInterval(() => {
        sweep().catch((error: unknown) => console.warn(`Import sweep failed: ${String(error)}`));
      }, leaseMs / 2);
      sweepTimer.unref();
    },
    async stop() {
      stopping = true;
      clearInterval(sweepTimer);
      await Promise.allSettled([...running.values()]);
    },
  };
}

/** A row of the file waiting for its batch: valid (`encoded`, its JSON) or opted out (no `encoded`). */
interface PendingRow {
  email: string;
  rowNumber: number;
  cells: string[];
  encoded?: string;
}

function emptyBatch(row: ImportRow, plan: ImportPlan, owner: string): ImportBatch {
  return {
    importId: row.id,
    owner,
    environmentId: row.environmentId,
    listId: row.listId,
    mode: row.mode as ImportBatch['mode'],
    written: plan.written,
    overwritten: overwrittenColumns(plan),
    rows: '[]',
    validRows: 0,
    refusals: [],
    optedOut: [],
    optedOutCause: plan.optedOut?.cause ?? null,
    duplicatesInFile: 0,
    rowCount: 0,
    bytesRead: 0,
  };
}

/**
 * The columns an update overwrites: every mapped one but the key. A name made from the address's
 * local part is only a stand-in for new subscribers: it never replaces a name already there.
 */
function overwrittenColumns(plan: ImportPlan): ImportBatch['overwritten'] {
  return plan.written.filter(
    (target) => target !== 'email' && !(target === 'name' && plan.nameSource === 'address'),
  );
}
