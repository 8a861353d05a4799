import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mediaFiles } from '../db/schema/media';
import { filesPrefix, renditionsPrefix } from './keys';
import type { MediaStore } from './store';

const batchSize = 500;

/**
 * Run once at start, before requests are served: removes stored bytes and renditions that no file
 * record references. They exist only when a crash fell between moving an upload into place and
 * committing its record, or between deleting records and their bytes (one file, or a folder with
 * everything in it: the keys name the file, not its folder). Returns how many were removed.
 */
export async function removeUnreferencedObjects(db: Database, store: MediaStore): Promise<number> {
  let removed = 0;
  for (const prefix of [filesPrefix, renditionsPrefix]) {
    let batch: { key: string; fileId: string }[] = [];
    const flush = async () => {
      const ids = [...new Set(batch.map((entry) => entry.fileId))];
      const rows =
        ids.length > 0
          ? await db.select({ id: mediaFiles.id }).from(mediaFiles).where(inArray(mediaFiles.id, ids))
          : [];
      const known = new Set(rows.map((row) => row.id));
      for (const entry of batch) {
        if (!known.has(entry.fileId)) {
          await store.remove(entry.key);
          removed += 1;
        }
      }
      batch = [];
    };
    for await (const key of store.list(prefix)) {
      // files/{environmentId}/{fileId} and renditions/{environmentId}/{fileId}/{variant}
      const fileId = key.split('/')[2];
      if (fileId && uuidPattern.test(fileId)) batch.push({ key, fileId });
      else {
        await store.remove(key);
        removed += 1;
      }
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  }
  return removed;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
