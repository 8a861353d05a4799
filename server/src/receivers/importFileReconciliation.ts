import { and, eq, inArray } from 'drizzle-orm';
import { advisoryLockKeys, withTryAdvisoryLock } from '../db/advisoryLocks';
import type { Database } from '../db/client';
import { listImports } from '../db/schema/listImports';
import { importsPrefix } from '../media/keys';
import { graceRemover, type ReconcileOptions } from '../media/reconcile';
import type { MediaStore } from '../media/store';

const batchSize = 500;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Removes import files no running import needs: an upload committed just before its import's record
 * when the process died in between, a start refused when the removal failed, a finished import whose
 * file removal was cut short. Runs at start on one instance at a time (advisory lock; another instance at
 * it means this one skips) and, with a shared store, only removes files older than `graceMs` (24 hours,
 * media/reconcile.ts: sharedStoreGraceMs): a younger one may be an upload another instance is checking
 * right now, its record not written yet. Returns how many were removed, or undefined when skipped.
 */
export async function removeAbandonedImportFiles(
  db: Database,
  store: MediaStore,
  options: ReconcileOptions = { graceMs: 0 },
): Promise<number | undefined> {
  const outcome = await withTryAdvisoryLock(db, advisoryLockKeys.importFileReconciliation, (tx) =>
    removeWithLock(tx, store, options),
  );
  return outcome.ran ? outcome.result : undefined;
}

async function removeWithLock(db: Database, store: MediaStore, options: ReconcileOptions): Promise<number> {
  const remover = graceRemover(store, options);
  const removeIfOld = remover.removeIfOld;
  let batch: { key: string; importId: string }[] = [];
  const flush = async () => {
    const ids = batch.map((entry) => entry.importId);
    const running =
      ids.length > 0
        ? await db
            .select({ id: listImports.id })
            .from(listImports)
            .where(and(inArray(listImports.id, ids), eq(listImports.status, 'Bezig')))
        : [];
    const needed = new Set(running.map((row) => row.id));
    for (const entry of batch) if (!needed.has(entry.importId)) await removeIfOld(entry.key);
    batch = [];
  };
  for await (const key of store.list(importsPrefix)) {
    // imports/{environmentId}/{importId}
    const importId = key.split('/')[2];
    if (importId && uuidPattern.test(importId) && key.split('/').length === 3) batch.push({ key, importId });
    else await removeIfOld(key);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return remover.removed();
}
