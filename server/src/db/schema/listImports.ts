import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigint,
  boolean,
} from 'drizzle-orm/pg-core';
import { environments } from './core';
import { lists } from './receivers';

/**
 * A CSV import into a manual list, processed in the background (receivers/importRunner.ts). Every batch
 * updates the counters in the transaction that writes its subscribers, so the counts always describe
 * what is committed, and `rowsDone` is the cursor another instance resumes from. At most one import per
 * list is running ('Bezig'): a partial unique index. A running import is held by one instance through a
 * lease (owner + expiry) that it renews while it works (receivers/importLeases.ts).
 */
export const listImports = pgTable(
  'list_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    /** Bezig | Voltooid | Mislukt | Geannuleerd */
    status: text('status').notNull().default('Bezig'),
    /** add | update | addAndUpdate */
    mode: text('mode').notNull(),
    /** Column index (as text) → subscriber field or attributeN; unmapped columns are skipped. */
    mapping: jsonb('mapping').notNull().$type<Record<string, string>>(),
    /** The file's header row: the refused-rows CSV repeats it, so its rows import again as they are. */
    header: jsonb('header').notNull().default([]).$type<string[]>(),
    fileName: text('file_name').notNull(),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull(),
    encoding: text('encoding'),
    delimiter: text('delimiter'),
    /** The checked mapping (importMapping.ts: StoredImportPlan), so any instance can run the import. */
    plan: jsonb('plan'),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skippedDuplicate: integer('skipped_duplicate').notNull().default(0),
    skippedUnsubscribed: integer('skipped_unsubscribed').notNull().default(0),
    skippedMissing: integer('skipped_missing').notNull().default(0),
    /** Rows the file marks as opted out in the tool it comes from: unsubscribed, or left out. */
    optedOut: integer('opted_out').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    error: text('error'),
    /** The instance running the import, and until when its claim holds without renewal. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Who started it, for the Logboek's entry when it ends (receivers/listImports.ts finishImport). */
    startedByUserId: uuid('started_by_user_id'),
    startedByName: text('started_by_name'),
  },
  (table) => [
    uniqueIndex('list_imports_one_running')
      .on(table.listId)
      .where(sql`${table.status} = 'Bezig'`),
    index('list_imports_list_started_idx').on(table.listId, table.startedAt),
  ],
);

/** A row of an import's file that was not imported, with its row number and the reason (in Dutch). */
export const listImportRefusals = pgTable(
  'list_import_refusals',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => listImports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    reason: text('reason').notNull(),
    values: jsonb('values').notNull().$type<string[]>(),
  },
  (table) => [index('list_import_refusals_import_idx').on(table.importId, table.rowNumber)],
);
