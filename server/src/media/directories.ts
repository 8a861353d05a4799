import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { zeroGuid } from '../contract/common';
import type { MediaDirectory, MediaDirectorySummary } from '../contract/media';
import type { Database } from '../db/client';
import { mediaDirectories, mediaFiles } from '../db/schema/media';
import { conflict, notFound } from '../errors';
import { isUniqueViolation } from './dbErrors';
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

/** The folder's names from below the root down to itself (`[]` for the root). */
export async function pathOfDirectory(db: Database, directory: DirectoryRow): Promise<string[]> {
  const names: string[] = [];
  let current = directory;
  while (current.parentDirectoryId !== null) {
    names.unshift(current.name);
    current = await findDirectory(db, current.environmentId, current.parentDirectoryId);
  }
  return names;
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
  const duplicate = () => conflict(`Er bestaat al een map met de naam '${name}' in '${parent.name}'.`);
  const [sibling] = await db
    .select({ id: mediaDirectories.id })
    .from(mediaDirectories)
    .where(
      and(
        eq(mediaDirectories.parentDirectoryId, parent.id),
        sql`lower(${mediaDirectories.name}) = lower(${name})`,
      ),
    );
  if (sibling) throw duplicate();
  try {
    const [row] = await db
      .insert(mediaDirectories)
      .values({ environmentId, name, parentDirectoryId: parent.id })
      .returning();
    return toSummary(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
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
