import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * PostgreSQL advisory lock keys of the platform, one per kind of work that must run on one instance at a
 * time when several share a database. Defined here only, so no two kinds share a number.
 */
export const advisoryLockKeys = {
  /** Applying migrations at start. */
  migrations: 727_001,
  /** Removing stored objects no file record references. */
  mediaReconciliation: 727_002,
  /** Removing import files no running import needs. */
  importFileReconciliation: 727_004,
} as const;

/**
 * Runs `work` in a transaction holding the advisory lock `key` when no other session holds it, and
 * answers `{ ran: false }` at once when one does (another instance is doing the same work). The lock
 * ends with the transaction, also when the process dies.
 */
export async function withTryAdvisoryLock<T>(
  db: Database,
  key: number,
  work: (tx: Database) => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  return db.transaction(async (tx) => {
    const answer = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${key}) AS locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!answer.rows[0]?.locked) return { ran: false } as const;
    return { ran: true, result: await work(tx as unknown as Database) } as const;
  });
}
