import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { environments } from './core';
import { deliveryJobs } from './publications';

/**
 * One recipient of a delivery job, written once when the job starts (delivery/recipientResolution.ts):
 * the address and the merge values as they were then. A row is 'Wachtend' until its send is recorded
 * ('Verzonden' with the Message-ID, or 'Mislukt' with the SMTP error); addresses that were not sent to
 * are kept as 'Overgeslagen' with the reason, so the job's counts can be explained.
 */
export const deliveryRecipients = pgTable(
  'delivery_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id'),
    email: text('email').notNull(),
    /** The recipient's merge values (rendering/mergeFields.ts) at resolution. */
    mergeValues: jsonb('merge_values').$type<Record<string, string>>().notNull(),
    /** Wachtend | Verzonden | Mislukt | Overgeslagen. */
    status: text('status').notNull(),
    /** Why a recipient was skipped ('Uitgeschreven', 'Dubbel adres') or failed (the SMTP answer). */
    detail: text('detail'),
    attempts: integer('attempts').notNull().default(0),
    messageId: text('message_id'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // The worker reads the waiting rows of a job in id order.
    index('delivery_recipients_job_status_idx').on(table.jobId, table.status, table.id),
    check(
      'delivery_recipients_status_check',
      sql`${table.status} IN ('Wachtend', 'Verzonden', 'Mislukt', 'Overgeslagen')`,
    ),
  ],
);

/** Secrets the server generates once and every process shares (e.g. the unsubscribe-link key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
