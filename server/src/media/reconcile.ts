import { inArray } from 'drizzle-orm';
import { advisoryLockKeys, withTryAdvisoryLock } from '../db/advisoryLocks';
import type { Database } from '../db/client';
import { mediaFiles } from '../db/schema/media';
import { filesPrefix, renditionsPrefix } from './keys';
import type { MediaStore } from './store';

const batchSize = 500;

/**
 * How old an unreferenced object must be before it is removed when several instances share the store:
 * a younger one may be an upload another instance is writing right now (its record is committed after
 * the bytes). A day is far beyond any upload and far below any storage bill that matters.
 */
export const sharedStoreGraceMs = 24 * 60 * 60 * 1000;

export interface ReconcileOptions {
  /** Keep unreferenced objects younger than this (0: the store is this process's alone). */
  graceMs: number;
  /** The clock the age is measured with (milliseconds). */
  now?: () => number;
}

/**
 * Removes stored bytes and renditions that no file record references. They exist only when a crash fell
 * between writing an upload and committing its record, or between deleting records and their bytes (one
 * file, or a folder with everything in it: the keys name the file, not its folder). Runs on one instance
 * at a time (a PostgreSQL advisory lock; another instance already at it means this one skips), and only
 * removes objects older than `graceMs`. Returns how many were removed, or undefined when skipped.
 */
export async function removeUnreferencedObjects(
  db: Database,
  store: MediaStore,
  options: ReconcileOptions = { graceMs: 0 },
): Promise<number | undefined> {
  const outcome = await withTryAdvisoryLock(db, advisoryLockKeys.mediaReconciliation, (tx) =>
    removeWithLock(tx, store, options),
  );
  return outcome.ran ? outcome.result : undefined;
}

async function removeWithLock(db: Database, store: MediaStore, options: ReconcileOptions): Promise<number> {
  const remover = graceRemover(store, options);
  const removeIfOld = remover.removeIfOld;
  for (const prefix of [filesPrefix, renditionsPrefix]) {
    let batch: { key: string; fileId: string }[] = [];
    const flush = async () => {
      const ids = [...new Set(batch.map((entry) => entry.fileId))];
      const rows =
        ids.length > 0
          ? await db.select({ id: mediaFiles.id }).from(mediaFiles).where(inArray(mediaFiles.id, ids))
          : [];
      const known = new Set(rows.map((row) => row.id));
      for (const entry of batch) if (!known.has(entry.fileId)) await removeIfOld(entry.key);
      batch = [];
    };
    for await (const key of store.list(prefix)) {
      // files/{environmentId}/{fileId} and renditions/{environmentId}/{fileId}/{variant}
      const fileId = key.split('/')[2];
      if (fileId && uuidPattern.test(fileId)) batch.push({ key, fileId });
      else await removeIfOld(key);
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  }
  return remover.removed();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Removes an unreferenced key only when it is older than `graceMs` (none with 0), counting what it
 * removed: the one rule of the store's reconciliations (media here, import files in receivers/).
 */
export function graceRemover(store: MediaStore, options: ReconcileOptions) {
  const now = options.now ?? Date.now;
  let removed = 0;
  return {
    async removeIfOld(key: string): Promise<void> {
      if (options.graceMs > 0) {
        const stored = await store.read(key);
        if (!stored || now() - stored.modifiedAt.getTime() < options.graceMs) return;
      }
      await store.remove(key);
      removed += 1;
    },
    removed: () => removed,
  };
}
