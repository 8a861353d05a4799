import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  check,
  jsonb,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { environments, users } from './core';
import { flows } from './forms';
import { deliveryJobs, publications } from './publications';

// RSVP (server/src/rsvp/): a publication is an invitation while its event row is enabled. Every recipient
// of its jobs (unless a job ignores RSVP) becomes one invitee; an answer changes the invitee, appends to the
// history and queues its email in one transaction that holds the event row's lock, so places are counted
// exactly under any concurrency (rsvp/answers.ts).

/** The event of an invitation: one row per publication. */
export const rsvpEvents = pgTable(
  'rsvp_events',
  {
    publicationId: uuid('publication_id')
      .primaryKey()
      .references(() => publications.id, { onDelete: 'cascade' }),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    location: text('location'),
    onlineUrl: text('online_url'),
    /** Persons (invitees plus their guests) that may come; 0 = unlimited. */
    places: integer('places').notNull().default(0),
    /** Guests an invitee may bring (0–9). */
    maxGuests: integer('max_guests').notNull().default(0),
    /** After this moment answers are refused; null = until the event starts. */
    deadline: timestamp('deadline', { withTimezone: true }),
    allowMaybe: boolean('allow_maybe').notNull().default(true),
    waitingList: boolean('waiting_list').notNull().default(true),
    /**
     * 'Herinnering': this many days before the deadline those without an answer get one reminder
     * (rsvp/reminders.ts); null = off (the default).
     */
    reminderDays: integer('reminder_days'),
    /**
     * 'Herinnering aan wie komt': this many days before the event those who said Ja (not waiting) get one
     * reminder (rsvp/reminders.ts); null = off (the default).
     */
    eventReminderDays: integer('event_reminder_days'),
    /** A form (Forms area) whose questions the answer page asks with 'Ja' or 'Misschien'; null = none. */
    formId: uuid('form_id').references(() => flows.id, { onDelete: 'set null' }),
    /** Persons accepted now (answer Ja, not waiting): kept exact by every answer (rsvp/answers.ts). */
    acceptedPersons: integer('accepted_persons').notNull().default(0),
    /** The calendar entry's SEQUENCE: raised whenever the event's time or place changes, or it is cancelled. */
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When its invitees' personal data was anonymised, RSVP_RETENTION_DAYS after the end (rsvp/retention.ts). */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('rsvp_events_places_check', sql`${table.places} >= 0`),
    check('rsvp_events_guests_check', sql`${table.maxGuests} BETWEEN 0 AND 9`),
    check('rsvp_events_accepted_check', sql`${table.acceptedPersons} >= 0`),
    check('rsvp_events_reminder_days_check', sql`${table.reminderDays} BETWEEN 1 AND 60`),
    check('rsvp_events_event_reminder_days_check', sql`${table.eventReminderDays} BETWEEN 1 AND 60`),
  ],
);

/** One answer to a question of the invitation's form, as shown in the table and the CSV. */
export interface QuestionAnswer {
  fieldId: string;
  question: string;
  answer: string;
}

/** One invited person of an invitation (by address); their answer as it stands. */
export const rsvpInvitees = pgTable(
  'rsvp_invitees',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    /** The job that invited them first. */
    jobId: uuid('job_id').references(() => deliveryJobs.id, { onDelete: 'set null' }),
    subscriberId: uuid('subscriber_id'),
    email: text('email').notNull(),
    name: text('name'),
    /** Ja | Nee | Misschien; null = no answer yet. */
    answer: text('answer'),
    /** An answer 'Ja' for which there was no place: on the waiting list since `answeredAt`. */
    waiting: boolean('waiting').notNull().default(false),
    guests: integer('guests').notNull().default(0),
    /**
     * The answers to the invitation form's questions as given with the answer (question and answer text as
     * they were, like a form's answers): written in the answer's transaction, emptied by 'Nee'.
     */
    questionAnswers: jsonb('question_answers').$type<QuestionAnswer[]>().notNull().default([]),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** e-mail (the invitee's own link) | medewerker (changed in the console). */
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('rsvp_invitees_publication_email_idx').on(table.publicationId, sql`lower(${table.email})`),
    // The waiting list in order, and the counts per answer.
    index('rsvp_invitees_publication_answer_idx').on(
      table.publicationId,
      table.answer,
      table.waiting,
      table.answeredAt,
    ),
    check('rsvp_invitees_answer_check', sql`${table.answer} IN ('Ja', 'Nee', 'Misschien')`),
    check('rsvp_invitees_guests_check', sql`${table.guests} BETWEEN 0 AND 9`),
    check('rsvp_invitees_source_check', sql`${table.source} IN ('e-mail', 'medewerker')`),
  ],
);

/**
 * Every answer as it was given (and every promotion from the waiting list), in order. Written in the
 * answer's transaction, so it is also the point later consumers (journeys) read 'RSVP answered' from.
 */
export const rsvpAnswerHistory = pgTable(
  'rsvp_answer_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    environmentId: uuid('environment_id').notNull(),
    publicationId: uuid('publication_id').notNull(),
    inviteeId: bigint('invitee_id', { mode: 'number' })
      .notNull()
      .references(() => rsvpInvitees.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    waiting: boolean('waiting').notNull(),
    guests: integer('guests').notNull(),
    /** e-mail | medewerker | wachtlijst (promoted when a place came free). */
    source: text('source').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rsvp_answer_history_invitee_idx').on(table.inviteeId, table.id)],
);

/**
 * RSVP emails to send (confirmation, waiting list, promotion, update, cancellation), queued in the
 * transaction that caused them; sent once by rsvp/mailOutbox.ts, `sentAt` set when the server accepted it.
 */
export const rsvpMailOutbox = pgTable(
  'rsvp_mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    environmentId: uuid('environment_id').notNull(),
    publicationId: uuid('publication_id').notNull(),
    inviteeId: bigint('invitee_id', { mode: 'number' })
      .notNull()
      .references(() => rsvpInvitees.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The event's SEQUENCE when queued (the .ics attached says this one). */
    sequence: integer('sequence').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds the row until then; another may take it over afterwards. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('rsvp_mail_outbox_unsent_idx')
      .on(table.id)
      .where(sql`${table.sentAt} IS NULL`),
    // One reminder of each kind per invitee, ever: queuing it again is a conflict that does nothing.
    uniqueIndex('rsvp_mail_outbox_one_reminder_idx')
      .on(table.inviteeId)
      .where(sql`${table.kind} = 'herinnering'`),
    // The answer emails an invitee had lately (rsvp/answerMails.ts counts them before queuing another).
    index('rsvp_mail_outbox_answer_mails_idx')
      .on(table.inviteeId, table.createdAt)
      .where(sql`${table.kind} IN ('bevestiging', 'wachtlijst')`),
    uniqueIndex('rsvp_mail_outbox_one_event_reminder_idx')
      .on(table.inviteeId)
      .where(sql`${table.kind} = 'herinnering-bijeenkomst'`),
    check(
      'rsvp_mail_outbox_kind_check',
      sql`${table.kind} IN ('bevestiging', 'wachtlijst', 'promotie', 'wijziging', 'afgelast', 'herinnering', 'herinnering-bijeenkomst')`,
    ),
  ],
);
