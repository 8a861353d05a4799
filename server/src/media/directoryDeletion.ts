import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mediaDirectories, mediaFiles, tags } from '../db/schema/media';
import { notFound } from '../errors';
import { parentOfNonRoot, resolveDirectoryId } from './directories';
import { fileTagEntity } from './fileRecords';
import { removeFileContent, type MediaContext } from './files';
import { detachFilesFromDrafts, refuseDeletingFilesInUse } from './fileUsage';

/**
 * Deletes a folder with everything below it: sub-folders, files, their tags, their bytes and cached
 * renditions. The zero GUID means the root, which cannot be deleted (400).
 *
 * Crash safety as for one file: all records go in one transaction first, the bytes after the commit.
 * A crash in between leaves bytes without a record, which start-up reconciliation
 * (`removeUnreferencedObjects`) removes; a crash before the commit leaves everything as it was.
 */
export async function deleteDirectory(
  context: MediaContext,
  environmentId: string,
  directoryId: string,
): Promise<void> {
  const { db } = context;
  const directory = await resolveDirectoryId(db, environmentId, directoryId);
  parentOfNonRoot(directory, 'verwijderd');
  const removedFileIds = await db.transaction(async (tx) => {
    const folderIds = await lockFolderTree(tx, directory.id);
    if (folderIds.length === 0) throw notFound('De map'); // deleted meanwhile
    const filesInTree = await tx
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(inArray(mediaFiles.directoryId, folderIds));
    const fileIdsInTree = filesInTree.map((file) => file.id);
    await refuseDeletingFilesInUse(tx, environmentId, fileIdsInTree, 'folder');
    await detachFilesFromDrafts(tx, environmentId, fileIdsInTree);
    if (fileIdsInTree.length > 0) {
      await tx
        .delete(tags)
        .where(
          and(
            eq(tags.environmentId, environmentId),
            eq(tags.entity, fileTagEntity),
            inArray(tags.entityId, fileIdsInTree),
          ),
        );
    }
    const removedFiles = await tx
      .delete(mediaFiles)
      .where(inArray(mediaFiles.directoryId, folderIds))
      .returning({ id: mediaFiles.id });
    // One statement: the parent references are checked at its end, when none is left.
    await tx.delete(mediaDirectories).where(inArray(mediaDirectories.id, folderIds));
    return removedFiles.map((file) => file.id);
  });
  for (const fileId of removedFileIds) await removeFileContent(context, environmentId, fileId);
}

/**
 * The ids of a folder and all folders below it, each row locked until the transaction ends, level by
 * level. An upload or a new sub-folder into one of them (their foreign key takes a share lock on the
 * folder row) waits, then finds the folder gone; one that came first is committed before the lock is
 * granted and its rows are found by the reads that follow.
 */
async function lockFolderTree(tx: Database, folderId: string): Promise<string[]> {
  const tree: string[] = [];
  let level = [folderId];
  while (level.length > 0) {
    const locked = await tx
      .select({ id: mediaDirectories.id })
      .from(mediaDirectories)
      .where(inArray(mediaDirectories.id, level))
      .for('update');
    const lockedIds = locked.map((row) => row.id);
    tree.push(...lockedIds);
    if (lockedIds.length === 0) break;
    const children = await tx
      .select({ id: mediaDirectories.id })
      .from(mediaDirectories)
      .where(inArray(mediaDirectories.parentDirectoryId, lockedIds));
    level = children.map((row) => row.id);
  }
  return tree;
}
