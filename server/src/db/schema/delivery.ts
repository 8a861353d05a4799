import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
    /** Why a recipient was skipped ('Uitgeschreven', 'Onbestelbaar', 'Dubbel adres') or failed (the SMTP answer). */
    detail: text('detail'),
    attempts: integer('attempts').notNull().default(0),
    messageId: text('message_id'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // The worker reads the waiting rows of a job in id order.
    index('delivery_recipients_job_status_idx').on(table.jobId, table.status, table.id),
    // A bounce looks up the address's latest messages in the environment (bounces/undeliverable.ts).
    index('delivery_recipients_environment_email_idx').on(table.environmentId, sql`lower(${table.email})`),
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

/**
 * A bounce or complaint about one delivered message, read by the bounce listener (bounces/bounceListener.ts)
 * from a delivery status notification (RFC 3464) or a feedback report (RFC 5965) sent to the message's VERP
 * address. At most one of each kind per message: a report that arrives twice is recorded once.
 */
export const deliveryBounces = pgTable(
  'delivery_bounces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: 'cascade' }),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => deliveryRecipients.id, { onDelete: 'cascade' }),
    /** 'hard' (status 5.x.x), 'soft' (4.x.x, the remote server gave up) or 'complaint' (marked as spam). */
    kind: text('kind').notNull(),
    /** The DSN's status code (e.g. '5.1.1') or the feedback type (e.g. 'abuse'). */
    status: text('status').notNull(),
    /** The remote server's diagnostic, shortened. */
    diagnostic: text('diagnostic'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('delivery_bounces_recipient_kind_unique').on(table.recipientId, table.kind),
    index('delivery_bounces_job_idx').on(table.jobId),
    check('delivery_bounces_kind_check', sql`${table.kind} IN ('hard', 'soft', 'complaint')`),
  ],
);

/**
 * A bounce or complaint about a message sent outside a delivery job: an RSVP email (`message_kind` 'rsvp',
 * `message_id` its `rsvp_mail_outbox` row) or a test send ('test', its `test_sends` row). The same rules
 * as `delivery_bounces` apply to its address (bounces/undeliverable.ts); one row per message and kind.
 */
export const mailBounces = pgTable(
  'mail_bounces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    messageKind: text('message_kind').notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    diagnostic: text('diagnostic'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('mail_bounces_message_kind_unique').on(table.messageKind, table.messageId, table.kind),
    check(
      'mail_bounces_message_kind_check',
      sql`${table.messageKind} IN ('rsvp', 'test', 'signup', 'resubscribe')`,
    ),
    check('mail_bounces_kind_check', sql`${table.kind} IN ('hard', 'soft', 'complaint')`),
  ],
);

/**
 * One message of a test send (mail/testSend.ts), kept so that its bounce address names it and a bounce
 * of it counts for its address like any other message's.
 */
export const testSends = pgTable(
  'test_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('test_sends_address_idx').on(table.environmentId, sql`lower(${table.email})`)],
);
