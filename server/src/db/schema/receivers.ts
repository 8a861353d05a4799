import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { environments, users } from './core';

/** PostgreSQL's full-text document type; only written by the database itself (generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The nine free attribute labels of a list (`null` = label not set, so the attribute is not used). */
const attributeLabelColumns = {
  attributeLabel1: text('attribute_label1'),
  attributeLabel2: text('attribute_label2'),
  attributeLabel3: text('attribute_label3'),
  attributeLabel4: text('attribute_label4'),
  attributeLabel5: text('attribute_label5'),
  attributeLabel6: text('attribute_label6'),
  attributeLabel7: text('attribute_label7'),
  attributeLabel8: text('attribute_label8'),
  attributeLabel9: text('attribute_label9'),
};

/** The nine attribute values of a subscriber, meaningful for the labels its list has set. */
const attributeValueColumns = {
  attribute1: text('attribute1'),
  attribute2: text('attribute2'),
  attribute3: text('attribute3'),
  attribute4: text('attribute4'),
  attribute5: text('attribute5'),
  attribute6: text('attribute6'),
  attribute7: text('attribute7'),
  attribute8: text('attribute8'),
  attribute9: text('attribute9'),
};

/** A list of receivers. Only manual lists exist so far; deleting one only marks it (`is_deleted`). */
export const lists = pgTable(
  'lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type').notNull().default('ManualList'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isTest: boolean('is_test').notNull().default(false),
    /** Offered on sign-up forms (signUp/) and on the preference page (preferences/). */
    isPublic: boolean('is_public').notNull().default(false),
    ...attributeLabelColumns,
    /**
     * Number of subscribers, kept by every write of subscribers in the same transaction
     * (receivers/subscriberWrites.ts; bulk loads call recountSubscribers). Counting 100,000 rows on
     * every page read would cost more than the page itself.
     */
    subscriberCount: integer('subscriber_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lists_environment_idx').on(table.environmentId, table.title)],
);

/**
 * A recipient in a manual list. The e-mail address is unique within its list regardless of case.
 * The indexes serve the list page: one per sortable column (list id first, id as tie-breaker) and a
 * GIN index over the words of name and e-mail address for the word-prefix search.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    initials: text('initials'),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country'),
    isOrganization: boolean('is_organization').notNull().default(false),
    ...attributeValueColumns,
    /** Words of the name and of the address (punctuation of the e-mail address split into words). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple'::regconfig, name || ' ' || translate(email, '@.+_-', '     '))`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscribers_list_email_unique').on(table.listId, sql`lower(${table.email})`),
    index('subscribers_list_name_idx').on(table.listId, sql`lower(${table.name})`, table.id),
    index('subscribers_list_city_idx').on(table.listId, sql`lower(${table.city})`, table.id),
    index('subscribers_list_created_idx').on(table.listId, table.createdAt, table.id),
    index('subscribers_search_idx').using('gin', table.searchVector),
  ],
);

/**
 * A global unsubscribe of an e-mail address in an environment: such an address never receives a
 * delivery. Removing it does not erase the row: `removed_at`, `removed_by` and `removal_reason`
 * keep who undid it, when and why. At most one active (not removed) row per address.
 */
export const unsubscribers = pgTable(
  'unsubscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** Who the console says removed it (the signed-in user's name or address). */
    removedBy: text('removed_by'),
    removedByUserId: uuid('removed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    removalReason: text('removal_reason'),
    /**
     * Why the address is excluded: 'Afgemeld' (it unsubscribed, or staff added it), 'Klacht' (it reported a
     * message as spam, bounces/complaints) or 'Onbestelbaar' (its mail bounces, bounces/undeliverable.ts).
     */
    cause: text('cause').notNull().default('Afgemeld'),
    /** What staff see beside the cause, e.g. the bounce's status and the mail server's answer. */
    causeDetail: text('cause_detail'),
    /**
     * The keyed hash of an erased person's address (privacy/addressHash.ts): the row's `email` is then a
     * placeholder that reaches no one, and this hash keeps the address out of imports and manual adds.
     */
    addressHash: text('address_hash'),
  },
  (table) => [
    check('unsubscribers_cause_check', sql`${table.cause} IN ('Afgemeld', 'Klacht', 'Onbestelbaar')`),
    uniqueIndex('unsubscribers_active_email_unique')
      .on(table.environmentId, sql`lower(${table.email})`)
      .where(sql`${table.removedAt} IS NULL`),
    index('unsubscribers_environment_created_idx').on(table.environmentId, table.createdAt),
    index('unsubscribers_address_hash_idx')
      .on(table.environmentId, table.addressHash)
      .where(sql`${table.addressHash} IS NOT NULL`),
  ],
);

/** A target group of a delivery: lists, each narrowed by its own filters. Deleting only marks it. */
export const audiences = pgTable(
  'audiences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audiences_environment_idx').on(table.environmentId, table.name)],
);

/** A list taking part in an audience (the "audience list" whose id the filter calls use). */
export const audienceLists = pgTable(
  'audience_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    audienceId: uuid('audience_id')
      .notNull()
      .references(() => audiences.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('audience_lists_audience_list_unique').on(table.audienceId, table.listId),
    index('audience_lists_list_idx').on(table.listId),
  ],
);

/** A condition on one subscriber field; a subscriber of the list counts only when it passes all of them. */
export const audienceListFilters = pgTable(
  'audience_list_filters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    audienceListId: uuid('audience_list_id')
      .notNull()
      .references(() => audienceLists.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    operator: text('operator').notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audience_list_filters_audience_list_idx').on(table.audienceListId)],
);
