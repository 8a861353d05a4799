import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FieldDefinition } from '../contract/publications';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/preparedQuery';
import { environments, mediaFiles, publicationRepeatableGroups, senderSettings, themes } from '../db/schema';
import { bodyFonts, headingFonts, themeLookColumns } from '../themes/themeLook';

// A preview after an editor's save reads what the save changed, not what every preview of the
// environment shares: the environment's name, theme (web fonts, logo) and sender, the fields of a
// publication type's repeatable groups and the media files blocks name. Those are kept here per
// environment preview stamp (migration 0040_preview-stamps.sql), which the database renews at every
// change of any of them, whichever instance writes: a change is a new key, so nothing has to be
// invalidated, and keys no longer asked for age out. Read after the stamp, a kept value is at least as
// new as the stamp that names it.

/** Environments (stamps) kept, the most recently used last. */
const environmentLimit = 16;
/** Media files kept per environment stamp (found or known absent); beyond it the stamp starts afresh. */
const fileLimit = 2000;

/** A media file a block's content names, as the render reads it. */
export interface PreviewFile {
  id: string;
  extension: string;
  friendlyName: string;
}

/** What every preview of a publication type in the environment shares, as one query reads it. */
export type EnvironmentParts = Awaited<
  ReturnType<ReturnType<typeof environmentPartsQuery>['execute']>
>[number];

interface KeptEnvironment {
  /** Per publication type id. */
  parts: Map<string, EnvironmentParts>;
  /** Per media file id; null for a file the environment does not have. */
  files: Map<string, PreviewFile | null>;
}

/** Per database (a process may serve several, as tests do, whose copies share stamps). */
let keptPerDatabase = new WeakMap<Database, Map<string, KeptEnvironment>>();

/** The entry of an environment's stamp, made the most recently used. */
function keptEnvironment(db: Database, environmentId: string, stamp: string): KeptEnvironment {
  let kept = keptPerDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptPerDatabase.set(db, kept);
  }
  const key = `${environmentId} ${stamp}`;
  let entry = kept.get(key);
  if (entry) kept.delete(key);
  else entry = { parts: new Map(), files: new Map() };
  kept.set(key, entry);
  while (kept.size > environmentLimit) kept.delete(kept.keys().next().value as string);
  return entry;
}

/**
 * The environment's name, theme look, logo and sender, and the fields of the repeatable groups of
 * `publicationTypeId`, as of the environment's preview stamp `stamp`: kept, or read in one query.
 * Undefined for an unknown environment.
 */
export async function environmentParts(
  db: Database,
  environmentId: string,
  stamp: string,
  publicationTypeId: string,
): Promise<EnvironmentParts | undefined> {
  const entry = keptEnvironment(db, environmentId, stamp);
  const known = entry.parts.get(publicationTypeId);
  if (known) return known;
  const [parts] = await environmentPartsQuery(db).execute({ environmentId, publicationTypeId });
  if (parts) entry.parts.set(publicationTypeId, parts);
  return parts;
}

const environmentPartsQuery = preparedPerDatabase((db) =>
  db
    .select({
      ...themeLookColumns,
      environmentSender: {
        senderName: senderSettings.senderName,
        senderAddress: senderSettings.senderAddress,
        replyToAddress: senderSettings.replyToAddress,
      },
      groupFields: sql<Record<string, FieldDefinition[]>>`(
        SELECT coalesce(json_object_agg(${publicationRepeatableGroups.type}, ${publicationRepeatableGroups.fields}), '{}'::json)
        FROM ${publicationRepeatableGroups}
        WHERE ${publicationRepeatableGroups.publicationTypeId} = ${sql.placeholder('publicationTypeId')})`,
    })
    .from(environments)
    .leftJoin(themes, eq(themes.environmentId, environments.id))
    .leftJoin(headingFonts, eq(headingFonts.id, themes.headingFontId))
    .leftJoin(bodyFonts, eq(bodyFonts.id, themes.bodyFontId))
    .leftJoin(
      mediaFiles,
      and(eq(mediaFiles.id, themes.fileIdToLogo), eq(mediaFiles.environmentId, environments.id)),
    )
    .leftJoin(senderSettings, eq(senderSettings.environmentId, environments.id))
    .where(eq(environments.id, sql.placeholder('environmentId')))
    .prepare('preview_environment'),
);

/**
 * The environment's media files among `fileIds` (any id; what is no file of the environment is left out),
 * as of its preview stamp `stamp`: kept, the others read in one query.
 */
export async function previewFiles(
  db: Database,
  environmentId: string,
  stamp: string,
  fileIds: readonly string[],
): Promise<PreviewFile[]> {
  const { files } = keptEnvironment(db, environmentId, stamp);
  const named = [...new Set(fileIds)];
  const missing = named.filter((id) => !files.has(id));
  if (missing.length > 0) {
    const found = await db
      .select({ id: mediaFiles.id, extension: mediaFiles.extension, friendlyName: mediaFiles.friendlyName })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.environmentId, environmentId), inArray(mediaFiles.id, missing)));
    if (files.size + missing.length > fileLimit) files.clear();
    for (const id of missing) files.set(id, null);
    for (const file of found) files.set(file.id, file);
  }
  return named.flatMap((id) => files.get(id) ?? []);
}

/** Forgets every kept environment (for benchmarks that measure a preview from scratch). */
export function clearPreviewEnvironments(): void {
  keptPerDatabase = new WeakMap();
}
