import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { zeroGuid } from '../contract/common';
import type { MediaDirectory, MediaDirectorySummary } from '../contract/media';
import type { Database } from '../db/client';
import { mediaDirectories, mediaFiles } from '../db/schema/media';
import { badRequest, conflict, notFound } from '../errors';
import { violatesForeignKey, violatesUniqueConstraint } from '../db/constraintViolation';
import { toMediaFile, loadTagsOfFiles } from './fileRecords';
import { formatMediaPath } from './mediaPath';

/** The root folder's name (spec §9). */
export const rootDirectoryName = 'Media';

type DirectoryRow = typeof mediaDirectories.$inferSelect;

/** The environment's root folder, created on first use. */
export async function ensureRootDirectory(db: Database, environmentId: string): Promise<DirectoryRow> {
  const existing = await findRoot(db, environmentId);
  if (existing) return existing;
  await db
    .insert(mediaDirectories)
    .values({ environmentId, name: rootDirectoryName, parentDirectoryId: null })
    .onConflictDoNothing();
  const created = await findRoot(db, environmentId);
  if (!created) throw new Error(`Could not create the media root of environment ${environmentId}.`);
  return created;
}

async function findRoot(db: Database, environmentId: string): Promise<DirectoryRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaDirectories)
    .where(
      and(eq(mediaDirectories.environmentId, environmentId), isNull(mediaDirectories.parentDirectoryId)),
    );
  return row;
}

/** Walks folder names from the root (names match ignoring case); 404 when one does not exist. */
export async function resolveDirectoryPath(
  db: Database,
  environmentId: string,
  names: readonly string[],
): Promise<DirectoryRow> {
  let current = await ensureRootDirectory(db, environmentId);
  for (const name of names) {
    const [child] = await db
      .select()
      .from(mediaDirectories)
      .where(
        and(
          eq(mediaDirectories.parentDirectoryId, current.id),
          sql`lower(${mediaDirectories.name}) = lower(${name})`,
        ),
      );
    if (!child) throw notFound('De map');
    current = child;
  }
  return current;
}

/** A folder of the environment by id; 404 when it does not exist there. */
export async function findDirectory(
  db: Database,
  environmentId: string,
  directoryId: string,
): Promise<DirectoryRow> {
  const [row] = await db
    .select()
    .from(mediaDirectories)
    .where(and(eq(mediaDirectories.environmentId, environmentId), eq(mediaDirectories.id, directoryId)));
  if (!row) throw notFound('De map');
  return row;
}

/** The folder with its sub-folders and files (each with its tags), both by name. */
export async function readDirectory(
  db: Database,
  directory: DirectoryRow,
  names: readonly string[],
): Promise<MediaDirectory> {
  const [directories, files] = await Promise.all([
    db
      .select()
      .from(mediaDirectories)
      .where(eq(mediaDirectories.parentDirectoryId, directory.id))
      .orderBy(asc(sql`lower(${mediaDirectories.name})`), asc(mediaDirectories.id)),
    db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.directoryId, directory.id))
      .orderBy(asc(sql`lower(${mediaFiles.name})`), asc(mediaFiles.id)),
  ]);
  const tagsByFile = await loadTagsOfFiles(db, directory.environmentId, { directoryId: directory.id });
  return {
    ...toSummary(directory),
    path: formatMediaPath(names),
    directories: directories.map(toSummary),
    files: files.map((file) => toMediaFile(file, tagsByFile.get(file.id) ?? [])),
  };
}

/** Adds a folder; `parentDirectoryId` undefined or the zero GUID means the root. 409 when a sibling has the name. */
export async function createDirectory(
  db: Database,
  environmentId: string,
  name: string,
  parentDirectoryId: string | undefined,
): Promise<MediaDirectorySummary> {
  const parent = await resolveDirectoryId(db, environmentId, parentDirectoryId);
  if (await hasSiblingNamed(db, parent.id, name)) throw duplicateName(name, parent);
  try {
    const [row] = await db
      .insert(mediaDirectories)
      .values({ environmentId, name, parentDirectoryId: parent.id })
      .returning();
    return toSummary(row!);
  } catch (error) {
    if (violatesUniqueConstraint(error)) throw duplicateName(name, parent);
    // The parent was deleted between the lookup and the insert.
    if (violatesForeignKey(error)) throw notFound('De map');
    throw error;
  }
}

/**
 * Renames a folder (the name already validated); the zero GUID means the root, which keeps its name.
 * 409 when a sibling has the name (ignoring case); the folder itself does not count, so a change of
 * case only is allowed.
 */
export async function renameDirectory(
  db: Database,
  environmentId: string,
  directoryId: string,
  newName: string,
): Promise<MediaDirectorySummary> {
  const directory = await resolveDirectoryId(db, environmentId, directoryId);
  const parentId = parentOfNonRoot(directory, 'hernoemd');
  const parent = await findDirectory(db, environmentId, parentId);
  if (await hasSiblingNamed(db, parent.id, newName, directory.id)) throw duplicateName(newName, parent);
  try {
    const [row] = await db
      .update(mediaDirectories)
      .set({ name: newName })
      .where(eq(mediaDirectories.id, directory.id))
      .returning();
    if (!row) throw notFound('De map');
    return toSummary(row);
  } catch (error) {
    if (violatesUniqueConstraint(error)) throw duplicateName(newName, parent);
    throw error;
  }
}

/**
 * The parent of a folder that may be changed; the root (named Media) can be neither renamed nor deleted:
 * a 400 naming `directoryId`. `change` completes the Dutch message ('hernoemd', 'verwijderd').
 */
export function parentOfNonRoot(directory: DirectoryRow, change: string): string {
  if (directory.parentDirectoryId === null) {
    throw badRequest('directoryId', `De hoofdmap '${rootDirectoryName}' kan niet worden ${change}.`);
  }
  return directory.parentDirectoryId;
}

/** Whether another folder under `parentId` has `name`, ignoring case (`exceptId`: the folder being renamed). */
async function hasSiblingNamed(
  db: Database,
  parentId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [sibling] = await db
    .select({ id: mediaDirectories.id })
    .from(mediaDirectories)
    .where(
      and(
        eq(mediaDirectories.parentDirectoryId, parentId),
        sql`lower(${mediaDirectories.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(mediaDirectories.id, exceptId),
      ),
    );
  return sibling !== undefined;
}

function duplicateName(name: string, parent: DirectoryRow) {
  return conflict(`Er bestaat al een map met de naam '${name}' in '${parent.name}'.`);
}

function toSummary(row: DirectoryRow): MediaDirectorySummary {
  return { id: row.id, name: row.name, parentDirectoryId: row.parentDirectoryId };
}

/** The upload target: the zero GUID means the root; 404 when the folder is not in the environment. */
export async function resolveDirectoryId(
  db: Database,
  environmentId: string,
  directoryId: string | undefined,
): Promise<DirectoryRow> {
  if (directoryId === undefined || directoryId === zeroGuid) return ensureRootDirectory(db, environmentId);
  return findDirectory(db, environmentId, directoryId);
}
