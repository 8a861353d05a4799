import type { SettingsReaders } from '../settingsReaders';

/** How large an import file may be, and how many rows one transaction writes. */
export interface ImportSettings {
  /** IMPORT_LIMIT_BYTES: largest accepted import file; beyond it 413 and nothing kept. */
  limitBytes: number;
  /** IMPORT_BATCH_ROWS: rows written per transaction (one statement); a crash loses at most the batches in flight. */
  batchRows: number;
  /** IMPORT_WRITERS: batches of one import written at once (PostgreSQL 2, PGlite 1); commits stay in file order. */
  writers: number;
  /** IMPORT_LEASE_SECONDS: how long the imports of a dead instance wait before another instance takes them over. */
  leaseSeconds: number;
}

/** PostgreSQL takes larger batches better (fewer round trips and commits); PGlite's heap grows with them. */
const defaults = { limitBytes: 200 * 1024 * 1024, batchRows: { postgres: 5000, pglite: 1000 } };

export function readImportSettings({ integer, text }: SettingsReaders): ImportSettings {
  const database = text('DATABASE_URL') ? 'postgres' : 'pglite';
  return {
    limitBytes: integer('IMPORT_LIMIT_BYTES', defaults.limitBytes, 1),
    batchRows: integer('IMPORT_BATCH_ROWS', defaults.batchRows[database], 1),
    writers: integer('IMPORT_WRITERS', database === 'postgres' ? 2 : 1, 1),
    leaseSeconds: integer('IMPORT_LEASE_SECONDS', 30, 1),
  };
}
