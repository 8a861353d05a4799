import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { environments } from './core';

/**
 * A folder of the media library. Every environment has one root (`parentDirectoryId` null, named
 * Media); names are unique among siblings, ignoring case.
 */
export const mediaDirectories = pgTable(
  'media_directories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    // NO ACTION (checked at the end of the statement), so deleting an environment cascades cleanly.
    parentDirectoryId: uuid('parent_directory_id').references((): AnyPgColumn => mediaDirectories.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('media_directories_root_unique')
      .on(table.environmentId)
      .where(sql`${table.parentDirectoryId} IS NULL`),
    uniqueIndex('media_directories_sibling_unique').on(table.parentDirectoryId, sql`lower(${table.name})`),
  ],
);

/**
 * An uploaded file. Its bytes live in the media store under `files/{environmentId}/{id}`; the record
 * is written only after the bytes are in place, so a record always has content.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    directoryId: uuid('directory_id')
      .notNull()
      .references(() => mediaDirectories.id),
    /** Lower case with its leading dot ('.jpg'); '' when the uploaded name had none. */
    extension: text('extension').notNull(),
    /** The current name (renamable), initially the uploaded name. */
    name: text('name').notNull(),
    /** The current name without its extension, shown on the tiles. */
    friendlyName: text('friendly_name').notNull(),
    /** The name the file was uploaded with; downloads use it. */
    originalName: text('original_name').notNull(),
    sizeInBytes: bigint('size_in_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('media_files_directory_idx').on(table.directoryId, table.createdAt),
    index('media_files_environment_idx').on(table.environmentId),
  ],
);

/**
 * A free-text label on any entity of an environment (`entity` names the kind, e.g. 'file').
 * No foreign key on `entityId`: the owner of the entity removes its tags with it.
 */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tags_entity_name_unique').on(
      table.environmentId,
      table.entity,
      table.entityId,
      sql`lower(${table.name})`,
    ),
  ],
);
