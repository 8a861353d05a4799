import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BlockContent, FieldDefinition, ParticipantGroup } from '../../contract/publications';
import { environments, users } from './core';
import { audiences } from './receivers';

/** A kind of publication (e.g. 'Nieuwsbrief'): it offers templates and the repeatable groups blocks are made of. */
export const publicationTypes = pgTable(
  'publication_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('publication_types_environment_idx').on(table.environmentId, table.name)],
);

/** A template a publication of the type can be delivered with (e.g. 'Standaard', 'Uitgebreid'). */
export const publicationTemplates = pgTable(
  'publication_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publicationTypeId: uuid('publication_type_id')
      .notNull()
      .references(() => publicationTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The email layout the template renders with (rendering/layouts.ts), e.g. 'standaard'. */
    layout: text('layout').notNull().default('standaard'),
    position: integer('position').notNull(),
  },
  (table) => [index('publication_templates_type_idx').on(table.publicationTypeId, table.position)],
);

/** A repeatable group of a type (e.g. 'Artikel'): a publication's blocks are instances of these; `type` is its key. */
export const publicationRepeatableGroups = pgTable(
  'publication_repeatable_groups',
  {
    publicationTypeId: uuid('publication_type_id')
      .notNull()
      .references(() => publicationTypes.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** The fields of a block of this group, in order; its content is validated against them. */
    fields: jsonb('fields').$type<FieldDefinition[]>().notNull().default([]),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.publicationTypeId, table.type] })],
);

export const publications = pgTable(
  'publications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    publicationTypeId: uuid('publication_type_id')
      .notNull()
      .references(() => publicationTypes.id),
    name: text('name').notNull(),
    /** The message's subject (merge fields allowed); null until set, and the name is the subject meanwhile. */
    subject: text('subject'),
    /** The preview text (preheader) mail programs show after the subject; hidden in the message body. */
    preheader: text('preheader'),
    isNotMarketing: boolean('is_not_marketing').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    /** The sender name of this publication's messages instead of the environment's (sender_settings). */
    senderName: text('sender_name'),
    /**
     * New at every update of the row and every change of its own blocks (variant A), by triggers (migration
     * `preview-stamps`): with the environment's stamp it is what the preview's ETag derives from.
     */
    previewStamp: uuid('preview_stamp').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('publications_environment_created_idx').on(table.environmentId, table.createdAt),
    index('publications_environment_name_idx').on(table.environmentId, sql`lower(${table.name})`),
  ],
);

/**
 * A content variant of a publication for an A/B test of content (abTests/): variant B, C or D (`position`
 * 1 to 3); variant A is the publication's own blocks. Its blocks are a copy of the publication's, made
 * when the variant is, and edited on their own (publication_blocks.variant_id).
 */
export const publicationVariants = pgTable(
  'publication_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** New at every change of the variant's blocks (a trigger, as `publications.preview_stamp`). */
    previewStamp: uuid('preview_stamp').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('publication_variants_publication_position_idx').on(table.publicationId, table.position),
    check('publication_variants_position_check', sql`${table.position} BETWEEN 1 AND 3`),
  ],
);

/**
 * One block of a publication, an instance of one of its type's repeatable groups; `position` orders them
 * (0-based) within the publication's own blocks, or within one content variant's (`variantId`).
 */
export const publicationBlocks = pgTable(
  'publication_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    /** The content variant the block is of; null for the publication's own blocks. */
    variantId: uuid('variant_id').references(() => publicationVariants.id, { onDelete: 'cascade' }),
    blockType: text('block_type').notNull(),
    position: integer('position').notNull(),
    /** Field values keyed by field name, validated against the group's definition (rich text sanitised). */
    content: jsonb('content').$type<BlockContent>().notNull().default({}),
    /** Raised by every content save; a save naming another version is refused (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('publication_blocks_publication_position_idx').on(table.publicationId, table.position)],
);

/** A request to deliver a publication to an audience; sending comes later, so a new job is 'Gepland'. */
export const deliveryJobs = pgTable(
  'delivery_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    // No cascade: a job is the record of what was (or will be) sent, so its publication cannot be
    // deleted while it exists (deletePublication answers 409; the database refuses as well).
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id),
    title: text('title').notNull(),
    publicationTemplateId: uuid('publication_template_id')
      .notNull()
      .references(() => publicationTemplates.id),
    /** Null when the job goes to the publication's accepted RSVP participants only. */
    audienceId: uuid('audience_id').references(() => audiences.id),
    sendToOnlyAcceptedRsvp: boolean('send_to_only_accepted_rsvp').notNull().default(false),
    /** The invitees a job for participants reaches ('accepted', 'noAnswer', 'waiting'); null for an audience. */
    participantGroup: text('participant_group').$type<ParticipantGroup>(),
    ignoreRsvp: boolean('ignore_rsvp').notNull().default(false),
    /** Recipients resolved when the job was created (global unsubscribers excluded). */
    recipientCount: integer('recipient_count').notNull(),
    /** Gepland → Bezig → Verzonden | Mislukt | Geannuleerd (delivery/jobStates.ts). */
    status: text('status').notNull().default('Gepland'),
    /** Why a job failed (Mislukt), in Dutch. */
    failureReason: text('failure_reason'),
    /** The moment the job may start; the creation moment unless it was scheduled for later. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Set in the transaction that wrote the job's recipient rows (resolution happens once). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Counters kept in the statement that records each recipient's result. */
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    /** The worker process that runs the job, and until when its claim holds without renewal. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who approved the send and when (approval/), for a job that needed approval; null otherwise. */
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
  },
  (table) => [
    index('delivery_jobs_environment_created_idx').on(table.environmentId, table.createdAt),
    check(
      'delivery_jobs_status_check',
      sql`${table.status} IN ('Gepland', 'Bezig', 'Verzonden', 'Mislukt', 'Geannuleerd')`,
    ),
  ],
);

/** Whether an environment's public archive (`/a/{environmentId}`) and its feed are on; no row means off. */
export const publicArchiveSettings = pgTable('public_archive_settings', {
  environmentId: uuid('environment_id')
    .primaryKey()
    .references(() => environments.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
