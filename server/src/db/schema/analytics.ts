import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { environments } from './core';
import { deliveryJobs, publications } from './publications';

/** The measuring modes (analytics/measuringMode.ts); 'Alleen totalen' is the default. */
const modeCheck = (column: unknown) =>
  sql`${column} IN ('Uit', 'Alleen totalen', 'Per persoon gepseudonimiseerd', 'Per persoon')`;

/** 'Meten' of an environment; no row means 'Alleen totalen'. */
export const environmentMeasuring = pgTable(
  'environment_measuring',
  {
    environmentId: uuid('environment_id')
      .primaryKey()
      .references(() => environments.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    /** The legal basis staff recorded for 'Per persoon' (AVG art. 6); null in the other modes. */
    legalBasis: text('legal_basis'),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('environment_measuring_mode_check', modeCheck(table.mode))],
);

/** A publication's own 'Meten', only ever stricter than its environment's; no row means the environment's. */
export const publicationMeasuring = pgTable(
  'publication_measuring',
  {
    publicationId: uuid('publication_id')
      .primaryKey()
      .references(() => publications.id, { onDelete: 'cascade' }),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    legalBasis: text('legal_basis'),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('publication_measuring_mode_check', modeCheck(table.mode))],
);

/** The mode a job was sent in and its wrapped links, fixed when the job's first message is prepared. */
export const trackedJobs = pgTable('tracked_jobs', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
  environmentId: uuid('environment_id')
    .notNull()
    .references(() => environments.id, { onDelete: 'cascade' }),
  publicationId: uuid('publication_id').notNull(),
  mode: text('mode').notNull(),
});

/** The n-th wrapped link of a job: the click redirect's target (never taken from the request). */
export const trackedLinks = pgTable(
  'tracked_links',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    url: text('url').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.position] })],
);

/**
 * One open or click, appended and never changed (analytics/eventWriter.ts). `messageKey` tells messages
 * apart for unique counts: random and unlinkable in 'Alleen totalen'; `recipientId` is set only in the
 * personal modes. `first` marks the first event of its kind (and link) for that message, so unique counts
 * add up across hours. User agent and address are never stored: only the classification.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    environmentId: uuid('environment_id').notNull(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    /** 'open' | 'click'. */
    kind: text('kind').notNull(),
    /** The link's position for a click; -1 for an open. */
    position: integer('position').notNull(),
    messageKey: text('message_key').notNull(),
    recipientId: bigint('recipient_id', { mode: 'number' }),
    machine: boolean('machine').notNull(),
    /** The message's first event of this kind, link and machine flag (unique per link). */
    first: boolean('first').notNull(),
    /** The message's first event of this kind and machine flag on any link (unique clicks, unique opens). */
    firstOfKind: boolean('first_of_kind').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('analytics_events_job_idx').on(table.jobId, table.id),
    // Covers the per-recipient figures (the recipient table, its CSV): read from the index alone.
    // Job last: the CSV looks up by recipient alone, the table's aggregate filters on the job in the index.
    // Partial: every read of it asks for a recipient, and an event of 'Alleen totalen' (the default mode)
    // has none, so it costs that event's insert nothing.
    index('analytics_events_recipient_cover_idx')
      .on(table.recipientId, table.machine, table.kind, table.occurredAt, table.jobId)
      .where(sql`${table.recipientId} IS NOT NULL`),
    index('analytics_events_occurred_idx').on(table.occurredAt),
    check('analytics_events_kind_check', sql`${table.kind} IN ('open', 'click')`),
  ],
);

/**
 * Which message already had an event of a kind, link (-2: any link) and machine flag: decides `first` and
 * `firstOfKind` at ingest.
 */
export const analyticsFirsts = pgTable(
  'analytics_firsts',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    position: integer('position').notNull(),
    machine: boolean('machine').notNull(),
    messageKey: text('message_key').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.kind, table.position, table.machine, table.messageKey] }),
  ],
);

/** Counts per job, hour, kind, link and machine flag, added up by the rollup job (analytics/rollup.ts). */
export const analyticsHourly = pgTable(
  'analytics_hourly',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    position: integer('position').notNull(),
    machine: boolean('machine').notNull(),
    total: integer('total').notNull(),
    firsts: integer('firsts').notNull(),
    firstsOfKind: integer('firsts_of_kind').notNull(),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.hour, table.kind, table.position, table.machine] })],
);

/** The last event id the rollups include (one row); reads add the events after it (the tail). */
export const analyticsRollupMark = pgTable('analytics_rollup_mark', {
  name: text('name').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull(),
});
