import {
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
import { sql } from 'drizzle-orm';
import { environments } from './core';

/**
 * A form (spec: flow): `name` is internal, `title` and `description` show on its public page. It takes
 * answers until `is_closed` is set or `closes_at` has passed (forms/closing.ts).
 */
export const flows = pgTable(
  'flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    isClosed: boolean('is_closed').notNull().default(false),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('flows_environment_created_idx').on(table.environmentId, table.createdAt),
    index('flows_environment_name_idx').on(table.environmentId, sql`lower(${table.name})`),
  ],
);

/**
 * A question of a form: `type` 0 = single choice (radio), 1 = text; `position` orders them (0-based);
 * an answer is needed unless `required` is false.
 */
export const flowFields = pgTable(
  'flow_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    type: integer('type').notNull(),
    required: boolean('required').notNull().default(true),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('flow_fields_flow_position_idx').on(table.flowId, table.position),
    check('flow_fields_type_check', sql`${table.type} IN (0, 1)`),
  ],
);

/**
 * An option of a radio question. `taken` counts the submissions that chose it: a submission raises it
 * with a conditional UPDATE (`max_answers = 0 OR taken < max_answers`), which is what makes the places
 * limit hold under concurrent submissions.
 */
export const flowFieldOptions = pgTable(
  'flow_field_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => flowFields.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** Places; 0 = unlimited (spec §9). */
    maxAnswers: integer('max_answers').notNull(),
    taken: integer('taken').notNull().default(0),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('flow_field_options_field_position_idx').on(table.fieldId, table.position),
    check('flow_field_options_max_answers_check', sql`${table.maxAnswers} >= 0`),
    check('flow_field_options_taken_check', sql`${table.taken} >= 0`),
  ],
);

/** One person's answers to a form, sent from its public page. */
export const flowSubmissions = pgTable(
  'flow_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('flow_submissions_flow_created_idx').on(table.flowId, table.createdAt, table.id)],
);

/**
 * The answer to one question of a submission. `value` keeps the chosen option's label as it was (or the
 * text typed), so the answer survives the option being renamed or deleted; a deleted question takes its
 * answers with it.
 */
export const flowAnswers = pgTable(
  'flow_answers',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => flowSubmissions.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => flowFields.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id').references(() => flowFieldOptions.id, { onDelete: 'set null' }),
    value: text('value').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.submissionId, table.fieldId] }),
    index('flow_answers_field_idx').on(table.fieldId),
    index('flow_answers_option_idx').on(table.optionId),
  ],
);
