import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MediaFile, Tag } from '../contract/media';
import type { Database } from '../db/client';
import { mediaFiles, tags } from '../db/schema/media';

export type FileRow = typeof mediaFiles.$inferSelect;

/** The entity name files carry in the generic tags table. */
export const fileTagEntity = 'file';

/** A file row and its tags as the API sends them. */
export function toMediaFile(row: FileRow, fileTags: Tag[]): MediaFile {
  return {
    id: row.id,
    directoryId: row.directoryId,
    extension: row.extension,
    name: row.name,
    friendlyName: row.friendlyName,
    originalName: row.originalName,
    sizeInBytes: row.sizeInBytes,
    createdAt: row.createdAt.toISOString(),
    tags: fileTags,
  };
}

/** Tags of the files of one folder, or of the listed files, grouped by file id (each list by name). */
export async function loadTagsOfFiles(
  db: Database,
  environmentId: string,
  which: { directoryId: string } | { fileIds: string[] },
): Promise<Map<string, Tag[]>> {
  const owner =
    'directoryId' in which
      ? inArray(
          tags.entityId,
          db
            .select({ id: mediaFiles.id })
            .from(mediaFiles)
            .where(eq(mediaFiles.directoryId, which.directoryId)),
        )
      : which.fileIds.length > 0
        ? inArray(tags.entityId, which.fileIds)
        : undefined;
  const grouped = new Map<string, Tag[]>();
  if (!owner) return grouped;
  const rows = await db
    .select({ id: tags.id, name: tags.name, entityId: tags.entityId })
    .from(tags)
    .where(and(eq(tags.environmentId, environmentId), eq(tags.entity, fileTagEntity), owner))
    .orderBy(asc(sql`lower(${tags.name})`));
  for (const row of rows) {
    const list = grouped.get(row.entityId) ?? [];
    list.push({ id: row.id, name: row.name });
    grouped.set(row.entityId, list);
  }
  return grouped;
}
