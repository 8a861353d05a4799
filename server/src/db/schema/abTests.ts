import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { environments } from './core';
import { deliveryJobs } from './publications';

/**
 * An A/B test (abTests/): its parent job holds the one recipient resolution and is never sent itself
 * (delivery/jobStates.ts leaves it out); at resolution a share of its recipients moves to the variant
 * jobs, and the rest moves to the remainder job, created once when the winner is chosen.
 */
export const abTests = pgTable(
  'ab_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    parentJobId: uuid('parent_job_id')
      .notNull()
      .unique()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    /** What the variants differ in: 'subject' | 'preheader' | 'senderName' | 'content'. */
    field: text('field').notNull(),
    /** The percentage of the recipients the variants go to, split evenly. */
    sharePercent: integer('share_percent').notNull(),
    waitHours: integer('wait_hours').notNull(),
    /** 'humanOpens' | 'clicks' | 'manual' ('Zelf kiezen'). */
    decideBy: text('decide_by').notNull(),
    /** When the winner is chosen (set at resolution: then plus waitHours); null before the test starts. */
    decideAt: timestamp('decide_at', { withTimezone: true }),
    winnerPosition: integer('winner_position'),
    /** Why the winner won, in Dutch. */
    decisionReason: text('decision_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    remainderJobId: uuid('remainder_job_id')
      .unique()
      .references(() => deliveryJobs.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('ab_tests_undecided_idx')
      .on(table.decideAt)
      .where(sql`${table.decidedAt} IS NULL`),
    check('ab_tests_field_check', sql`${table.field} IN ('subject', 'preheader', 'senderName', 'content')`),
    check('ab_tests_decide_by_check', sql`${table.decideBy} IN ('humanOpens', 'clicks', 'manual')`),
    check('ab_tests_share_check', sql`${table.sharePercent} BETWEEN 1 AND 100`),
    check('ab_tests_wait_check', sql`${table.waitHours} BETWEEN 1 AND 72`),
  ],
);

/**
 * One variant of a test: its value of the tested field and the job that sends it. For a test of content
 * the value is the variant's label: 'A' sends the publication's own blocks, 'B' to 'D' its content
 * variant's (publication_variants).
 */
export const abTestVariants = pgTable(
  'ab_test_variants',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => abTests.id, { onDelete: 'cascade' }),
    /** 0 for 'A', 1 for 'B', … */
    position: integer('position').notNull(),
    value: text('value').notNull(),
    jobId: uuid('job_id')
      .notNull()
      .unique()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.testId, table.position] })],
);
