import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { MediaFile } from '../contract/media';
import type { Database } from '../db/client';
import { mediaFiles, tags } from '../db/schema/media';
import { notFound } from '../errors';
import { violatesForeignKey } from '../db/constraintViolation';
import { fileKey, renditionsKey } from './keys';
import { fileTagEntity, loadTagsOfFiles, toMediaFile, type FileRow } from './fileRecords';
import { extensionOf, friendlyNameOf, sanitizeUploadName } from './names';
import type { ImageRenditions } from './renditions';
import { detachFilesFromDrafts, refuseDeletingFilesInUse } from './fileUsage';
import type { MediaStore, StoredObject } from './store';
import { captureHead, refuseMismatchedContent } from './uploadContent';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';

/** What the file operations need: the database and the store holding the bytes. */
export interface MediaContext {
  db: Database;
  store: MediaStore;
  /** The server's rendition cache, when there is one (not during seeding). */
  renditions?: ImageRenditions;
}

/** A file row of the environment; 404 when it does not exist there. */
export async function findFile(db: Database, environmentId: string, fileId: string): Promise<FileRow> {
  const [row] = await db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.environmentId, environmentId), eq(mediaFiles.id, fileId)));
  if (!row) throw notFound('Het bestand');
  return row;
}

/** The file with its tags. */
export async function readFile(db: Database, environmentId: string, fileId: string): Promise<MediaFile> {
  const row = await findFile(db, environmentId, fileId);
  const tagsByFile = await loadTagsOfFiles(db, environmentId, { fileIds: [row.id] });
  return toMediaFile(row, tagsByFile.get(row.id) ?? []);
}

/** Sets the file's current name (already validated) and the friendly name derived from it. */
export async function renameFile(
  db: Database,
  environmentId: string,
  fileId: string,
  newName: string,
): Promise<MediaFile> {
  const row = await findFile(db, environmentId, fileId);
  await db
    .update(mediaFiles)
    .set({ name: newName, friendlyName: friendlyNameOf(newName, row.extension) })
    .where(eq(mediaFiles.id, row.id));
  return readFile(db, environmentId, fileId);
}

/** One upload: its name, its bytes and how many of them are allowed. */
export interface Upload {
  filename: string | undefined;
  content: Readable;
  maxBytes: number;
  /** The multipart field the bytes came in, named by a refusal (default `file`). */
  field?: string;
  id?: string;
  /**
   * Called once the bytes are staged, before anything is registered: rejecting keeps nothing (e.g. the
   * request turned out to carry more than the one file the contract allows).
   */
  confirmComplete?: () => Promise<void>;
}

/**
 * Stores an upload: the bytes stream into a staged object (never whole in memory; over `maxBytes`
 * the store rejects and keeps nothing), an image's bytes are checked against its extension (else 400 and
 * the staged object is dropped), then one transaction registers the record and commits the object. A
 * crash while streaming leaves only a staged leftover, which the store removes at start.
 */
export async function uploadFile(
  { db, store }: MediaContext,
  environmentId: string,
  directoryId: string,
  upload: Upload,
): Promise<MediaFile> {
  const id = upload.id ?? randomUUID();
  const originalName = sanitizeUploadName(upload.filename);
  const extension = extensionOf(originalName);
  const captured = captureHead(upload.content);
  const staged = await store.stage(fileKey(environmentId, id), captured.content, {
    maxBytes: upload.maxBytes,
  });
  let committed = false;
  try {
    await refuseMismatchedContent(extension, captured.head(), upload.field ?? 'file');
    await upload.confirmComplete?.();
    await db.transaction(async (tx) => {
      await tx.insert(mediaFiles).values({
        id,
        environmentId,
        directoryId,
        extension,
        name: originalName,
        friendlyName: friendlyNameOf(originalName, extension),
        originalName,
        sizeInBytes: staged.sizeInBytes,
      });
      await staged.commit();
      committed = true;
    });
  } catch (error) {
    // Either the record or the rename failed (the transaction rolled back), or the commit of the
    // transaction failed after the rename: in both cases no record exists, so no bytes may stay.
    if (committed) await store.remove(staged.key);
    else await staged.discard();
    // The folder was deleted while the bytes were arriving.
    if (violatesForeignKey(error)) throw notFound('De map');
    throw error;
  }
  return readFile(db, environmentId, id);
}

/**
 * Removes the record and its tags, then the bytes and every cached rendition; 409 listing the uses when
 * the file is the theme's logo or shown by a sent publication (drafts that show it lose the image).
 */
export async function deleteFile(
  { db, store, renditions }: MediaContext,
  environmentId: string,
  fileId: string,
  actor: LogActor,
): Promise<void> {
  const row = await findFile(db, environmentId, fileId);
  await db.transaction(async (tx) => {
    await refuseDeletingFilesInUse(tx, environmentId, [row.id], 'file');
    await detachFilesFromDrafts(tx, environmentId, [row.id]);
    await tx
      .delete(tags)
      .where(
        and(eq(tags.environmentId, environmentId), eq(tags.entity, fileTagEntity), eq(tags.entityId, row.id)),
      );
    await tx.delete(mediaFiles).where(eq(mediaFiles.id, row.id));
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: 'mediaFile.deleted',
      resource: { type: 'mediaFile', id: row.id, label: row.name },
    });
  });
  // After the commit: a crash here leaves unreferenced bytes, which start-up reconciliation removes.
  await removeFileContent({ store, renditions }, environmentId, row.id);
}

/**
 * Removes the bytes of a file whose record is gone, and every cached rendition (after any rendering
 * still under way has finished, so none is written back afterwards).
 */
export async function removeFileContent(
  { store, renditions }: Pick<MediaContext, 'store' | 'renditions'>,
  environmentId: string,
  fileId: string,
): Promise<void> {
  await store.remove(fileKey(environmentId, fileId));
  if (renditions) await renditions.removeAll(environmentId, fileId);
  else await store.removeAll(renditionsKey(environmentId, fileId));
}

/** The file's record and its bytes, for downloads and the CDN; 404 when either is missing. */
export async function openFileContent(
  { db, store }: MediaContext,
  environmentId: string,
  fileId: string,
): Promise<{ file: FileRow; content: StoredObject }> {
  const file = await findFile(db, environmentId, fileId);
  const content = await store.read(fileKey(environmentId, fileId));
  if (!content) throw notFound('Het bestand');
  return { file, content };
}
