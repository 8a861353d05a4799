import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { ImportTarget } from '../contract/listImports';
import type { Database } from '../db/client';
import { writeImportBatch, type ImportBatch } from './importBatch';
import { readCsvRecords, type CsvFormat } from './importCsv';
import type { ImportFiles } from './importFiles';
import { mapRow } from './importMapping';
import { finishImport, markInterruptedImports } from './listImports';

// The background work of imports, in the server process: each running import reads its file and writes
// it in batches (importBatch.ts), one transaction each, yielding to requests between them (PGlite runs
// one query at a time). Closing the server stops every import between two batches and leaves it
// 'Bezig'; the next start marks it failed, as after a crash.

export interface ImportJob {
  importId: string;
  environmentId: string;
  listId: string;
  mode: ImportBatch['mode'];
  columns: Array<[number, ImportTarget]>;
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

export function createImportRunner(db: Database, files: ImportFiles, batchRows: number): ImportRunner {
  const running = new Set<Promise<void>>();
  let stopping = false;

  async function run(job: ImportJob): Promise<void> {
    const seen = new Set<string>();
    let batch = emptyBatch(job);
    let bytesRead = 0;
    const flush = async (): Promise<boolean> => {
      batch.bytesRead = bytesRead;
      const written = await writeImportBatch(db, batch);
      batch = emptyBatch(job);
      await yieldToRequests();
      return written && !stopping;
    };
    try {
      for await (const record of readCsvRecords(job.filePath, job.format, (bytes) => (bytesRead = bytes))) {
        batch.rowCount += 1;
        const mapped = mapRow(record.cells, job.columns);
        if ('refusal' in mapped) {
          batch.refusals.push({ rowNumber: record.rowNumber, reason: mapped.refusal, values: record.cells });
        } else {
          const key = String(mapped.values.email).toLowerCase();
          if (seen.has(key)) batch.duplicatesInFile += 1;
          else {
            seen.add(key);
            batch.rows.push(mapped.values);
          }
        }
        if (batch.rowCount >= batchRows && !(await flush())) return stopped(job);
      }
      if (batch.rowCount > 0 && !(await flush())) return stopped(job);
      await finishImport(db, job.importId, 'Voltooid');
    } catch (error) {
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
    targets: job.columns.map(([, target]) => target),
    rows: [],
    refusals: [],
    duplicatesInFile: 0,
    rowCount: 0,
    bytesRead: 0,
  };
}
