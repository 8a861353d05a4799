import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { environments } from './core';
import { unsubscribers } from './receivers';

/**
 * A global unsubscriber's request to be subscribed again ('Opnieuw aanmelden' on the preference page,
 * preferences/resubscribe.ts): the confirmation mail names the row, and only confirming it undoes the
 * unsubscribe it points at. Kept after confirming: with the unsubscriber row (its `removed_at`) it is the
 * history staff see of when and how a global unsubscribe was undone.
 */
export const resubscribeRequests = pgTable(
  'resubscribe_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The global unsubscribe confirming undoes (and no later one). */
    unsubscriberId: uuid('unsubscriber_id')
      .notNull()
      .references(() => unsubscribers.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the mail server accepted the confirmation mail; null when sending it failed. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** When the person confirmed with the mailed link: the moment the unsubscribe was undone. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    // The requests of one address lately (the per-address limit) and its history.
    index('resubscribe_requests_address_idx').on(
      table.environmentId,
      sql`lower(${table.email})`,
      table.requestedAt,
    ),
    index('resubscribe_requests_unsubscriber_idx').on(table.unsubscriberId),
  ],
);
