import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { environments } from './core';

/**
 * The Logboek: who did what on what, and when, per environment. Append-only: a trigger refuses UPDATE
 * and DELETE except by the retention job (see the custom migration `audit-log-sql`). Entries never hold
 * message bodies, tokens, keys or recipients' personal data beyond an id: the label is a short
 * non-personal name (a publication's title, a list's name).
 */
export const auditLogEntries = pgTable(
  'audit_log_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: the entry outlives the user; null for the platform's own tools. */
    actorUserId: uuid('actor_user_id'),
    /** The name the actor had at the time. */
    actorName: text('actor_name').notNull(),
    /** One of auditLogKinds (contract/auditLogKinds.ts). */
    kind: text('kind').notNull(),
    /** One of auditLogResourceTypes (contract/auditLogKinds.ts). */
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    resourceLabel: text('resource_label'),
    /** How many rows an import or export held, how many recipients a delivery had. */
    rowCount: integer('row_count'),
    /** A short fact of the change: the legal basis of a measuring mode, a planned moment, a role. */
    detail: text('detail'),
  },
  (table) => [
    index('audit_log_entries_environment_idx').on(
      table.environmentId,
      table.occurredAt.desc(),
      table.id.desc(),
    ),
    index('audit_log_entries_occurred_idx').on(table.occurredAt),
    check('audit_log_entries_label_short', sql`length(${table.resourceLabel}) <= 300`),
    check('audit_log_entries_detail_short', sql`length(${table.detail}) <= 300`),
  ],
);

/** The Logboek's settings of an environment; no row means the defaults (contract/auditLog.ts). */
export const auditLogSettings = pgTable('audit_log_settings', {
  environmentId: uuid('environment_id')
    .primaryKey()
    .references(() => environments.id, { onDelete: 'cascade' }),
  retentionMonths: integer('retention_months').notNull(),
});
