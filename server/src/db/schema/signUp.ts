import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { environments, users } from './core';
import { listImports } from './listImports';
import { lists, subscribers } from './receivers';

// Sign-up forms and double opt-in (server/src/signUp/): a visitor signs up on a form's hosted page (or
// through its snippet), which stores a pending sign-up and queues one confirmation mail; only the POST of
// the mailed link's 'Bevestigen' puts the address in the chosen lists, with a consent proof per
// subscription. Staff adds and imports leave a proof too.

/** One field a form asks besides the e-mail address: a subscriber column, required or not. */
export interface SignUpFormField {
  field: string;
  required: boolean;
}

/** A sign-up form of an environment ('Aanmeldformulieren'); deleting one only marks it. */
export const signUpForms = pgTable(
  'sign_up_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The fields asked besides the address, in order. */
    fields: jsonb('fields').$type<SignUpFormField[]>().notNull().default([]),
    confirmationSubject: text('confirmation_subject').notNull(),
    confirmationText: text('confirmation_text').notNull(),
    /** The page text after confirming. */
    confirmedText: text('confirmed_text').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sign_up_forms_environment_idx').on(table.environmentId, table.name)],
);

/** The (public) lists a visitor may choose on a form, in the form's order. */
export const signUpFormLists = pgTable(
  'sign_up_form_lists',
  {
    formId: uuid('form_id')
      .notNull()
      .references(() => signUpForms.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.formId, table.listId] })],
);

/**
 * Every version of a form's consent text: a change adds a version and never alters one, because a
 * consent proof points at the exact text the person agreed to. The form shows its highest version.
 */
export const consentTexts = pgTable(
  'consent_texts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => signUpForms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('consent_texts_form_version_unique').on(table.formId, table.version)],
);

/**
 * A sign-up waiting for its confirmation. Confirming sets `confirmed_at` once (the statement that sets it
 * is the only one that joins the lists); the row is removed at `expires_at` (7 days), confirmed or not.
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => signUpForms.id, { onDelete: 'cascade' }),
    consentTextId: uuid('consent_text_id')
      .notNull()
      .references(() => consentTexts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The asked fields' answers, by subscriber column. */
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    listIds: jsonb('list_ids').$type<string[]>().notNull(),
    /** HMAC of the client address under the server's 'consent-ip' secret. */
    ipHash: text('ip_hash'),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('pending_sign_ups_expires_idx').on(table.expiresAt),
    index('pending_sign_ups_form_email_idx').on(table.formId, sql`lower(${table.email})`),
  ],
);

/**
 * The sign-up mails, queued in the sign-up's own transaction and sent once under a lease (as the RSVP
 * outbox): 'bevestigen' (the confirmation link) or 'al-aangemeld' (the address already receives the lists).
 */
export const signUpMailOutbox = pgTable(
  'sign_up_mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    formId: uuid('form_id')
      .notNull()
      .references(() => signUpForms.id, { onDelete: 'cascade' }),
    pendingSignUpId: uuid('pending_sign_up_id').references(() => pendingSignUps.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    check('sign_up_mail_outbox_kind_check', sql`${table.kind} IN ('bevestigen', 'al-aangemeld')`),
    index('sign_up_mail_outbox_unsent_idx')
      .on(table.id)
      .where(sql`${table.sentAt} IS NULL`),
    index('sign_up_mail_outbox_form_email_idx').on(table.formId, sql`lower(${table.email})`),
  ],
);

/**
 * Why a subscriber may be mailed: how and when the consent was given. 'form': signed up (with the form
 * and the exact consent text version) and confirmed by mail; 'import': by a list import; 'staff': added
 * by hand by the user named. The client address is kept only as a keyed hash.
 */
export const consentProofs = pgTable(
  'consent_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    formId: uuid('form_id').references(() => signUpForms.id, { onDelete: 'set null' }),
    consentTextId: uuid('consent_text_id').references(() => consentTexts.id, { onDelete: 'set null' }),
    importId: uuid('import_id').references(() => listImports.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipHash: text('ip_hash'),
  },
  (table) => [
    check('consent_proofs_source_check', sql`${table.source} IN ('form', 'import', 'staff')`),
    index('consent_proofs_subscriber_idx').on(table.subscriberId, table.signedUpAt),
  ],
);
