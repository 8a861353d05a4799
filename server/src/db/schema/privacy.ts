import { integer, pgTable, timestamp, uuid, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { environments } from './core';

/**
 * An environment's retention periods ('Bewaartermijnen', privacy/retention.ts): form answers and RSVP
 * answers go this many months after their submission or event; subscribers without a delivery for this
 * many months go too when `inactive_subscriber_months` is set (null: kept). No row: the defaults.
 */
export const retentionSettings = pgTable(
  'retention_settings',
  {
    environmentId: uuid('environment_id')
      .primaryKey()
      .references(() => environments.id, { onDelete: 'cascade' }),
    formAnswerMonths: integer('form_answer_months').notNull().default(24),
    rsvpAnswerMonths: integer('rsvp_answer_months').notNull().default(24),
    inactiveSubscriberMonths: integer('inactive_subscriber_months'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('retention_settings_form_check', sql`${table.formAnswerMonths} BETWEEN 1 AND 120`),
    check('retention_settings_rsvp_check', sql`${table.rsvpAnswerMonths} BETWEEN 1 AND 120`),
    check('retention_settings_inactive_check', sql`${table.inactiveSubscriberMonths} BETWEEN 1 AND 120`),
  ],
);
