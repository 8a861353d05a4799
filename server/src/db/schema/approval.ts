import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ParticipantGroup } from '../../contract/publications';
import { environments, users } from './core';
import { deliveryJobs, publicationTemplates, publications } from './publications';
import { audiences } from './receivers';

/** 'Goedkeuring' of an environment (approval/approvalSettings.ts); no row means off. */
export const approvalSettings = pgTable('approval_settings', {
  environmentId: uuid('environment_id')
    .primaryKey()
    .references(() => environments.id, { onDelete: 'cascade' }),
  /** A send to at least this many recipients needs approval; null: approval is off. */
  minRecipients: integer('min_recipients'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A request to send a publication that waits for a second member's approval (approval/approvalRequests.ts).
 * It holds what POST /deliveryjobs would have held, and the fingerprint of what would go out: a change
 * after the request voids it. The job is created on approval; `job_id` is unique, so one request is one job.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    publicationTemplateId: uuid('publication_template_id')
      .notNull()
      .references(() => publicationTemplates.id, { onDelete: 'cascade' }),
    audienceId: uuid('audience_id').references(() => audiences.id),
    participantGroup: text('participant_group').$type<ParticipantGroup>(),
    ignoreRsvp: boolean('ignore_rsvp').notNull().default(false),
    /** The moment asked for; null: as soon as it is approved. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** The deliver check's recipient count when the request was made. */
    recipientCount: integer('recipient_count').notNull(),
    /** Hash of the publication's blocks, subject, sender, template and audience (approval/contentFingerprint.ts). */
    fingerprint: text('fingerprint').notNull(),
    /** Wacht op goedkeuring → Goedgekeurd | Afgewezen | Vervallen (approval/requestStates.ts). */
    state: text('state').notNull().default('Wacht op goedkeuring'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    jobId: uuid('job_id').references(() => deliveryJobs.id, { onDelete: 'set null' }),
    /** Set when the approvers' mail was handed over, so it goes once. */
    approversMailedAt: timestamp('approvers_mailed_at', { withTimezone: true }),
    /** Set when the requester's mail about the decision was handed over. */
    requesterMailedAt: timestamp('requester_mailed_at', { withTimezone: true }),
  },
  (table) => [
    index('approval_requests_environment_state_idx').on(table.environmentId, table.state, table.requestedAt),
    uniqueIndex('approval_requests_job_unique').on(table.jobId),
    check(
      'approval_requests_state_check',
      sql`${table.state} IN ('Wacht op goedkeuring', 'Goedgekeurd', 'Afgewezen', 'Vervallen')`,
    ),
  ],
);
