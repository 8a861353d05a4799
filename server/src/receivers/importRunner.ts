import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Database } from '../db/client';
import { batchRowEncoder, writeImportBatch, type ImportBatch } from './importBatch';
import { readCsvRecords, type CsvFormat } from './importCsv';
import type { ImportFiles } from './importFiles';
import { mapRow, type ImportPlan } from './importMapping';
import { finishImport, markInterruptedImports } from './listImports';
import { SeenAddresses } from './seenAddresses';

// The background work of imports, in the server process: each running import reads its file and writes
// it in batches (importBatch.ts), one transaction each, yielding to requests between them (PGlite runs
// one query at a time). Closing the server stops every import between two batches and leaves it
// 'Bezig'; the next start marks it failed, as after a crash.

export interface ImportJob {
  importId: string;
  environmentId: string;
  listId: string;
  mode: ImportBatch['mode'];
  plan: ImportPlan;
  format: CsvFormat;
  filePath: string;
}

export interface ImportRunner {
  start(job: ImportJob): void;
  /** Marks imports of a previous run failed and clears their files (call before serving). */
  recover(): Promise<void>;
  /** Stops every import between batches and waits for them. */
  stop(): Promise<void>;
}

/**
 * `writers`: batches of one import written at once. 1 on PGlite (one query at a time anyway; the next
 * batch is still parsed while one is written); on PostgreSQL 2 lets its backends share the work of the
 * indexes while commits stay in file order (importBatch.ts).
 */
export function createImportRunner(
  db: Database,
  files: ImportFiles,
  batchRows: number,
  writers = 1,
): ImportRunner {
  const running = new Set<Promise<void>>();
  let stopping = false;

  async function run(job: ImportJob): Promise<void> {
    const seen = new SeenAddresses();
    const inFlight = new Set<Promise<boolean>>();
    let last: Promise<boolean> = Promise.resolve(true);
    let ended = false; // a batch was cancelled or failed: nothing after it is written
    let failure: unknown;
    let batch = emptyBatch(job);
    /** The batch's valid rows as JSON text, joined into `batch.rows` when it is handed over. */
    let rows: string[] = [];
    const encodeRow = batchRowEncoder(job.plan.written);
    let bytesRead = 0;
    /** Hands the batch to a writer once one is free; false when the import should stop reading. */
    const flush = async (): Promise<boolean> => {
      batch.bytesRead = bytesRead;
      batch.rows = `[${rows.join(',')}]`;
      batch.validRows = rows.length;
      rows = [];
      while (inFlight.size >= writers) await Promise.race(inFlight);
      if (ended || stopping) return false;
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
      batch = emptyBatch(job);
      await yieldToRequests();
      return !ended && !stopping;
    };
    try {
      let reading = true;
      for await (const record of readCsvRecords(job.filePath, job.format, (bytes) => (bytesRead = bytes))) {
        batch.rowCount += 1;
        const mapped = mapRow(record.cells, job.plan);
        if ('refusal' in mapped) {
          batch.refusals.push({ rowNumber: record.rowNumber, reason: mapped.refusal, values: record.cells });
        } else {
          if (seen.firstTime(String(mapped.values.email))) rows.push(encodeRow(mapped.values));
          else batch.duplicatesInFile += 1;
        }
        if (batch.rowCount >= batchRows && !(await flush())) {
          reading = false;
          break;
        }
      }
      if (reading && batch.rowCount > 0) await flush();
      await Promise.all(inFlight);
      if (failure !== undefined) throw failure; // the import fails (below)
      if (ended || stopping) return stopped(job);
      await finishImport(db, job.importId, 'Voltooid');
    } catch (error) {
      await Promise.all(inFlight);
      if (stopping) return;
      const reason = error instanceof Error ? error.message : String(error);
      await finishImport(db, job.importId, 'Mislukt', `Het bestand kon niet worden gelezen: ${reason}`);
    } finally {
      if (!stopping) await files.remove(job.filePath);
    }
  }

  /** Cancelled (the batch was not written) or the server is stopping (the import stays 'Bezig'). */
  async function stopped(job: ImportJob): Promise<void> {
    if (!stopping) await finishImport(db, job.importId, 'Geannuleerd');
  }

  return {
    start(job) {
      const work = run(job).finally(() => running.delete(work));
      running.add(work);
    },
    async recover() {
      await markInterruptedImports(db);
      await files.clear();
    },
    async stop() {
      stopping = true;
      await Promise.allSettled([...running]);
    },
  };
}

function emptyBatch(job: ImportJob): ImportBatch {
  return {
    importId: job.importId,
    environmentId: job.environmentId,
    listId: job.listId,
    mode: job.mode,
    written: job.plan.written,
    overwritten: overwrittenColumns(job.plan),
    rows: '[]',
    validRows: 0,
    refusals: [],
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
