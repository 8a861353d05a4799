import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { JourneyGraph } from '../../contract/journeys';
import { environments } from './core';
import { deliveryJobs } from './publications';

/**
 * A journey: its state, the graph being edited (`draft`, null while it equals the active version) and the
 * version people run on. Editing an active journey writes the draft; publishing freezes it as a version.
 */
export const journeys = pgTable(
  'journeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Concept | Actief | Gepauzeerd | Gestopt. */
    state: text('state').notNull().default('Concept'),
    draft: jsonb('draft').$type<JourneyGraph>(),
    activeVersionId: uuid('active_version_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('journeys_environment_idx').on(table.environmentId, table.createdAt)],
);

/** An immutable published graph of a journey; enrollments keep the version they run on. */
export const journeyVersions = pgTable(
  'journey_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    journeyId: uuid('journey_id')
      .notNull()
      .references(() => journeys.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    graph: jsonb('graph').$type<JourneyGraph>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('journey_versions_number_unique').on(table.journeyId, table.number)],
);

/**
 * One person going through a journey. `next_run_at` is when the ticker should look at it again (null:
 * finished); `wait_until` is set while it waits on a 'Wacht' step, computed once on arrival.
 */
export const journeyEnrollments = pgTable(
  'journey_enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    journeyId: uuid('journey_id')
      .notNull()
      .references(() => journeys.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => journeyVersions.id, { onDelete: 'cascade' }),
    /** The subscriber (a row of a list) the person entered as; null when it came from a form only. */
    subscriberId: uuid('subscriber_id'),
    /** The trigger list, for 'exit when removed from the trigger list'. */
    triggerListId: uuid('trigger_list_id'),
    email: text('email').notNull(),
    /** Actief | Klaar | Verlaten | Fout. */
    state: text('state').notNull().default('Actief'),
    currentStepId: text('current_step_id'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    waitUntil: timestamp('wait_until', { withTimezone: true }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    // The ticker's claim: due active enrollments in time order.
    index('journey_enrollments_due_idx')
      .on(table.nextRunAt)
      .where(sql`${table.state} = 'Actief'`),
    index('journey_enrollments_journey_email_idx').on(table.journeyId, sql`lower(${table.email})`),
    // At most one running enrollment of a person per journey: re-entry never schedules anyone twice.
    uniqueIndex('journey_enrollments_running_unique')
      .on(table.journeyId, sql`lower(${table.email})`)
      .where(sql`${table.state} = 'Actief'`),
  ],
);

/**
 * What happened at one step of one enrollment. Unique per (enrollment, step, visit): a retry or a second
 * worker that reaches the same step again cannot insert a second run, so cannot send twice.
 */
export const journeyStepRuns = pgTable(
  'journey_step_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => journeyEnrollments.id, { onDelete: 'cascade' }),
    journeyId: uuid('journey_id').notNull(),
    stepId: text('step_id').notNull(),
    stepKind: text('step_kind').notNull(),
    visit: integer('visit').notNull(),
    /** Gelukt | Wachtend | Fout. */
    status: text('status').notNull(),
    result: text('result').notNull(),
    deliveryJobId: uuid('delivery_job_id').references(() => deliveryJobs.id, { onDelete: 'set null' }),
    deliveryRecipientId: bigint('delivery_recipient_id', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('journey_step_runs_visit_unique').on(table.enrollmentId, table.stepId, table.visit),
    index('journey_step_runs_journey_step_idx').on(table.journeyId, table.stepId),
  ],
);

/**
 * Events that may start a journey, written in the same transaction as the change itself (subscriber added,
 * form answered, RSVP answered), so an event is never lost nor seen for a change that rolled back. The ticker consumes
 * and deletes them.
 */
export const journeyOutbox = pgTable('journey_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  environmentId: uuid('environment_id').notNull(),
  /** subscriberAdded | formAnswered | rsvpAnswered (see journeys/triggerKinds.ts). */
  kind: text('kind').notNull(),
  subscriberId: uuid('subscriber_id'),
  listId: uuid('list_id'),
  flowId: uuid('flow_id'),
  submissionId: uuid('submission_id'),
  imported: boolean('imported').notNull().default(false),
  /** rsvpAnswered: the invitation, the invitee and the answer as given (a later change is its own event). */
  publicationId: uuid('publication_id'),
  inviteeId: bigint('invitee_id', { mode: 'number' }),
  answer: text('answer'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
