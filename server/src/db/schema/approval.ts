import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ParticipantGroup } from '../../contract/publications';
import type { ApprovalKind } from '../../contract/approval';
import { environments, users } from './core';
import { journeyVersions, journeys } from './journeys';
import { deliveryJobs, publicationTemplates, publications } from './publications';
import { audiences } from './receivers';

/** 'Goedkeuring' of an environment (approval/approvalSettings.ts); no row means off. */
export const approvalSettings = pgTable('approval_settings', {
  environmentId: uuid('environment_id')
    .primaryKey()
    .references(() => environments.id, { onDelete: 'cascade' }),
  /** A send to at least this many recipients needs approval; null: approval is off. */
  minRecipients: integer('min_recipients'),
  /** Publishing a journey needs approval too, whatever the threshold. */
  journeys: boolean('journeys').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A request that waits for a second member's approval (approval/approvalRequests.ts): to send a
 * publication (kind 'send': what POST /deliveryjobs would have held; the job is created on approval and
 * `job_id` is unique, so one request is one job) or to publish a journey (kind 'journey': the journey and
 * the moves of its people). It keeps the fingerprint of what would go out: a change after the request voids it.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ApprovalKind>().notNull().default('send'),
    publicationId: uuid('publication_id').references(() => publications.id, { onDelete: 'cascade' }),
    journeyId: uuid('journey_id').references(() => journeys.id, { onDelete: 'cascade' }),
    /** Publishing a journey: where people on a step the draft removes go (step id → step id). */
    moves: jsonb('moves').$type<Record<string, string>>(),
    title: text('title').notNull(),
    publicationTemplateId: uuid('publication_template_id').references(() => publicationTemplates.id, {
      onDelete: 'cascade',
    }),
    audienceId: uuid('audience_id').references(() => audiences.id),
    participantGroup: text('participant_group').$type<ParticipantGroup>(),
    ignoreRsvp: boolean('ignore_rsvp').notNull().default(false),
    /** The moment asked for; null: as soon as it is approved. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** The deliver check's recipient count when the request was made (a send). */
    recipientCount: integer('recipient_count'),
    /** Hash of what would go out (approval/contentFingerprint.ts). */
    fingerprint: text('fingerprint').notNull(),
    /** Wacht op goedkeuring → Goedgekeurd | Afgewezen | Vervallen (approval/requestStates.ts). */
    state: text('state').notNull().default('Wacht op goedkeuring'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    jobId: uuid('job_id').references(() => deliveryJobs.id, { onDelete: 'set null' }),
    /** The journey version its approval published; unique, so one request is one publish. */
    journeyVersionId: uuid('journey_version_id').references(() => journeyVersions.id, {
      onDelete: 'set null',
    }),
    /** Set when the approvers' mail was handed over, so it goes once. */
    approversMailedAt: timestamp('approvers_mailed_at', { withTimezone: true }),
    /** Set when the requester's mail about the decision was handed over. */
    requesterMailedAt: timestamp('requester_mailed_at', { withTimezone: true }),
  },
  (table) => [
    index('approval_requests_environment_state_idx').on(table.environmentId, table.state, table.requestedAt),
    uniqueIndex('approval_requests_job_unique').on(table.jobId),
    uniqueIndex('approval_requests_journey_version_unique').on(table.journeyVersionId),
    check(
      'approval_requests_state_check',
      sql`${table.state} IN ('Wacht op goedkeuring', 'Goedgekeurd', 'Afgewezen', 'Vervallen')`,
    ),
    check(
      'approval_requests_kind_check',
      sql`(${table.kind} = 'send' AND ${table.publicationId} IS NOT NULL AND ${table.publicationTemplateId} IS NOT NULL AND ${table.recipientCount} IS NOT NULL)
        OR (${table.kind} = 'journey' AND ${table.journeyId} IS NOT NULL)`,
    ),
  ],
);
