import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { FileUsage, FileUsePublication } from '../contract/media';
import type { BlockContent } from '../contract/publications';
import type { Database } from '../db/client';
import {
  deliveryJobs,
  mediaFiles,
  publicationBlocks,
  publicationRepeatableGroups,
  publications,
  themes,
} from '../db/schema';
import { ApiError, notFound } from '../errors';
import { logoFileRefusal, logoFolderRefusal } from './themeLogo';

// Publications refer to media files from inside their blocks' JSON content (image values
// `{fileId, alt}`, see publications/blockContent.ts) and the theme refers to its logo, both without a
// foreign key. This module finds those uses, so the console can show them and a delete can refuse
// to break what was sent: a publication with a delivery job has messages that load the image.

/** Where the file is used (`GET /file/{id}/usage`); 404 when it is not one of the environment's. */
export async function readFileUsage(db: Database, environmentId: string, fileId: string): Promise<FileUsage> {
  const [file] = await db
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.environmentId, environmentId), eq(mediaFiles.id, fileId)));
  if (!file) throw notFound('Het bestand');
  const [usage] = await usagesOfFiles(db, environmentId, [file.id]);
  return usage.usage;
}

/**
 * Refuses (409, listing the uses in Dutch) to delete files that are the theme's logo or are shown by a
 * sent publication. Runs inside the delete's transaction and locks what the answer depends on: the
 * files themselves (a block save locks the files it refers to, blocks.ts), the publications that show
 * them (a new delivery job's foreign key waits for that lock) and the theme row (setting a logo locks
 * it), so no use can appear between this check and the delete's commit.
 */
export async function refuseDeletingFilesInUse(
  tx: Database,
  environmentId: string,
  fileIds: string[],
  subject: 'file' | 'folder',
): Promise<void> {
  if (fileIds.length === 0) return;
  await tx
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.environmentId, environmentId), inArray(mediaFiles.id, fileIds)))
    .for('update');
  const usages = await usagesOfFiles(tx, environmentId, fileIds, { lock: true });
  const themeLogo = usages.some(({ usage }) => usage.themeLogo);
  const sent = uniqueById(usages.flatMap(({ usage }) => usage.publications.filter((p) => p.sent)));
  if (!themeLogo && sent.length === 0) return;
  if (sent.length === 0) {
    const refusal = subject === 'file' ? logoFileRefusal : logoFolderRefusal;
    throw new ApiError(409, refusal.message, refusal.field);
  }
  const uses = [
    ...(themeLogo ? ['het logo van de omgeving'] : []),
    ...sent.map((publication) => `de verzonden publicatie '${publication.name}'`),
  ];
  const message =
    subject === 'file'
      ? `Dit bestand is in gebruik en kan daarom niet worden verwijderd: ${uses.join('; ')}.`
      : `In deze map staat een bestand dat in gebruik is; de map kan daarom niet worden verwijderd: ${uses.join('; ')}.`;
  throw new ApiError(409, message, subject === 'file' ? 'fileId' : 'directoryId');
}

/**
 * Takes the files out of the drafts that show them (after `refuseDeletingFilesInUse`, in the same
 * transaction): their image fields become empty, so a draft never refers to a file that is gone, and its
 * version goes up, so an editor still holding the old content gets a conflict rather than restoring it.
 */
export async function detachFilesFromDrafts(
  tx: Database,
  environmentId: string,
  fileIds: string[],
): Promise<void> {
  if (fileIds.length === 0) return;
  const blocks = await tx
    .select({ id: publicationBlocks.id, content: publicationBlocks.content })
    .from(publicationBlocks)
    .innerJoin(publications, eq(publications.id, publicationBlocks.publicationId))
    .where(and(eq(publications.environmentId, environmentId), refersToAnyOf(fileIds)));
  for (const block of blocks) {
    const content = Object.fromEntries(
      Object.entries(block.content).filter(
        ([, value]) =>
          !(
            typeof value === 'object' &&
            value !== null &&
            'fileId' in value &&
            fileIds.includes(value.fileId)
          ),
      ),
    );
    await tx
      .update(publicationBlocks)
      .set({ content, version: sql`${publicationBlocks.version} + 1`, updatedAt: new Date() })
      .where(eq(publicationBlocks.id, block.id));
  }
}

/** The usage of each of `fileIds` (which must be the environment's), in the same order. */
async function usagesOfFiles(
  db: Database,
  environmentId: string,
  fileIds: string[],
  { lock = false } = {},
): Promise<Array<{ fileId: string; usage: FileUsage }>> {
  const themeQuery = db
    .select({ fileIdToLogo: themes.fileIdToLogo })
    .from(themes)
    .where(eq(themes.environmentId, environmentId));
  const [theme] = lock ? await themeQuery.for('update') : await themeQuery;

  const usingPublications = db
    .select({ id: publications.id })
    .from(publications)
    .where(
      and(
        eq(publications.environmentId, environmentId),
        exists(
          db
            .select({ one: sql`1` })
            .from(publicationBlocks)
            .where(and(eq(publicationBlocks.publicationId, publications.id), refersToAnyOf(fileIds))),
        ),
      ),
    )
    .orderBy(asc(publications.id));
  // Locked in a fixed order, so two deletes never wait for each other the other way round.
  if (lock) await usingPublications.for('update');

  const rows = await db
    .select({
      publicationId: publications.id,
      publicationName: publications.name,
      sent: sql<boolean>`exists (select 1 from ${deliveryJobs} where ${deliveryJobs.publicationId} = ${publications.id})`,
      blockId: publicationBlocks.id,
      blockName: sql<string>`coalesce(${publicationRepeatableGroups.name}, ${publicationBlocks.blockType})`,
      position: publicationBlocks.position,
      content: publicationBlocks.content,
    })
    .from(publicationBlocks)
    .innerJoin(publications, eq(publications.id, publicationBlocks.publicationId))
    .leftJoin(
      publicationRepeatableGroups,
      and(
        eq(publicationRepeatableGroups.publicationTypeId, publications.publicationTypeId),
        eq(publicationRepeatableGroups.type, publicationBlocks.blockType),
      ),
    )
    .where(and(eq(publications.environmentId, environmentId), refersToAnyOf(fileIds)))
    .orderBy(asc(publications.name), asc(publications.id), asc(publicationBlocks.position));

  return fileIds.map((fileId) => {
    const byPublication = new Map<string, FileUsePublication>();
    for (const row of rows) {
      if (!imageFileIdsOf(row.content).includes(fileId)) continue;
      const publication = byPublication.get(row.publicationId) ?? {
        id: row.publicationId,
        name: row.publicationName,
        sent: row.sent,
        blocks: [],
      };
      publication.blocks.push({ id: row.blockId, name: row.blockName, position: row.position });
      byPublication.set(row.publicationId, publication);
    }
    return {
      fileId,
      usage: { themeLogo: theme?.fileIdToLogo === fileId, publications: [...byPublication.values()] },
    };
  });
}

/** Blocks whose content has an image value naming one of the files (a jsonpath over the top-level values). */
function refersToAnyOf(fileIds: string[]) {
  const ids = sql.join(
    fileIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`jsonb_path_query_array(${publicationBlocks.content}, '$.*.fileId') ?| ARRAY[${ids}]::text[]`;
}

/** The file ids of a block's image values. */
function imageFileIdsOf(content: BlockContent): string[] {
  return Object.values(content).flatMap((value) =>
    typeof value === 'object' && value !== null && 'fileId' in value ? [value.fileId] : [],
  );
}

function uniqueById<T extends { id: string }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()];
}
