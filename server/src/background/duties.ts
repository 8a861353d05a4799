import { startAbTestDecisions } from '../abTests/decisionJob';
import { startRollupJob } from '../analytics/rollupQueue';
import { startLogRetentionJob } from '../auditLog/logRetention';
import { startBounceListener } from '../bounces/bounceListener';
import type { AppConfig } from '../config';
import type { OpenDatabase } from '../db/client';
import { systemClock } from '../delivery/clock';
import { startSending, type Delivery } from '../delivery/delivery';
import { journeyTickMs, startJourneyTicker, type JourneyEngine } from '../journeys/engine';
import type { MailTransport } from '../mail/mailTransport';
import { startRetentionJob } from '../privacy/retentionDuty';
import { startRsvpOutbox } from '../rsvp/mailOutbox';
import { startRsvpUpkeepJob } from '../rsvp/upkeepQueue';
import { startSignUpOutbox } from '../signUp/mailOutbox';
import { startSignUpUpkeepJob } from '../signUp/upkeepJob';

// The platform's background duties: the work a process does besides answering requests. This list is the
// only place they are started from: the server (app.ts) and `npm run worker` (worker.ts) both start theirs
// through startBackgroundWork (background/backgroundWork.ts), which picks them by the process's role and
// configuration. Each duty is safe in any number of processes at once (leases, SKIP LOCKED, pg-boss
// singletons), so which processes take it is an administrator's choice, not a correctness question.

/** What a duty starts from: the process's configuration and its open database, mail and queues. */
export interface BackgroundContext {
  config: AppConfig;
  database: OpenDatabase;
  mail: MailTransport;
  /** The process's delivery queue: the delivery duty works it, journeys queue their sends there. */
  delivery: Delivery;
  /** The process's journey engine, which the journeys duty ticks. */
  journeys: JourneyEngine;
}

/** A duty running in this process. */
export interface RunningDuty {
  /** Ends the duty's work in hand; resolves when it has (before the queues, the mail and the database close). */
  stop(): Promise<void>;
  /** Work soon: something was just queued for this duty (the RSVP outbox, after an answer). */
  kick?(): void;
  /** The port it listens on (the bounce listener), for the start-up output. */
  port?: number;
}

export interface Duty {
  name: string;
  /** Hands mail to the mail server: only processes that send take it (DELIVERY_WORKER, the worker). */
  sends: boolean;
  /** Starts the duty; undefined when this process cannot do it (no mail server, no bounce port). */
  start(context: BackgroundContext): Promise<RunningDuty | undefined>;
}

/** Every background duty, in start order; they stop in the reverse order. */
export const backgroundDuties = [
  {
    name: 'delivery',
    sends: true,
    start: async ({ config, database, mail, delivery }) =>
      mail.available
        ? startSending(delivery, config, database, {
            mailer: mail.mailer,
            from: mail.from,
            catcher: mail.catcher !== undefined,
          })
        : undefined,
  },
  {
    // RSVP confirmations, cancellations and reminders, queued in rsvp_emails: sent shortly after each
    // answer and every DELIVERY_SWEEP_SECONDS for rows another process queued.
    name: 'rsvp-outbox',
    sends: true,
    start: async ({ config, database, mail }) =>
      mail.available
        ? startRsvpOutbox(
            {
              db: database.db,
              mailer: mail.mailer,
              from: mail.from,
              catcher: mail.catcher !== undefined,
              publicUrl: config.publicUrl,
              clock: systemClock,
            },
            config.delivery.sweepSeconds * 1000,
            (error) =>
              console.error('RSVP email outbox failed:', error instanceof Error ? error.message : error),
          )
        : undefined,
  },
  {
    // Sign-up confirmations and 'al aangemeld' notes, queued in sign_up_mail_outbox: sent shortly after
    // each sign-up and every DELIVERY_SWEEP_SECONDS for rows another process queued.
    name: 'sign-up-outbox',
    sends: true,
    start: async ({ config, database, mail }) =>
      mail.available
        ? startSignUpOutbox(
            {
              db: database.db,
              mailer: mail.mailer,
              from: mail.from,
              catcher: mail.catcher !== undefined,
              publicUrl: config.publicUrl,
              clock: systemClock,
            },
            config.delivery.sweepSeconds * 1000,
            (error) =>
              console.error('Sign-up mail outbox failed:', error instanceof Error ? error.message : error),
          )
        : undefined,
  },
  {
    // Removes sign-ups not confirmed within 7 days (signUp/expiry.ts).
    name: 'sign-up-upkeep',
    sends: false,
    start: ({ database, delivery }) =>
      startSignUpUpkeepJob(delivery.queue.boss, database.db, systemClock.now),
  },
  {
    // Hourly counts of opens and clicks, and the removal of raw events past ANALYTICS_RETENTION_DAYS.
    name: 'analytics-rollup',
    sends: false,
    start: ({ config, database, delivery }) =>
      startRollupJob(delivery.queue.boss, database.db, config.analytics.retentionDays, systemClock.now),
  },
  {
    // Chooses the winner of each A/B test whose wait is over and queues the remainder job (abTests/).
    name: 'ab-test-decisions',
    sends: false,
    start: ({ database, delivery }) => startAbTestDecisions(delivery, database.db, systemClock.now),
  },
  {
    // Queues the RSVP reminders that are due (the outbox sends them) and anonymises invitations past
    // RSVP_RETENTION_DAYS.
    name: 'rsvp-upkeep',
    sends: false,
    start: ({ config, database, delivery }) =>
      startRsvpUpkeepJob(delivery.queue.boss, database.db, config.rsvpRetentionDays, systemClock.now),
  },
  {
    // Each environment's retention periods ('Bewaartermijnen'): form answers, RSVP answers, inactive
    // subscribers; once a day.
    name: 'privacy-retention',
    sends: false,
    start: ({ database, delivery }) => startRetentionJob(delivery.queue.boss, database.db, systemClock.now),
  },
  {
    // Once a day: removes Logboek entries older than their environment's retention term (24 months unless set).
    name: 'log-retention',
    sends: false,
    start: ({ database, delivery }) =>
      startLogRetentionJob(delivery.queue.boss, database.db, systemClock.now),
  },
  {
    // Bounces and complaints arrive by SMTP; off in production without BOUNCE_SMTP_PORT.
    name: 'bounce-listener',
    sends: false,
    start: async ({ config, database }) => {
      const { port, ...settings } = config.bounces;
      if (port === undefined) return undefined;
      const listener = await startBounceListener(database.db, { ...settings, port });
      return { stop: () => listener.close(), port: listener.port };
    },
  },
  {
    // Last, so it stops first: its sends are queued on the delivery queue.
    name: 'journeys',
    sends: false,
    start: ({ database, journeys }) => startJourneyTicker(journeys, database.queueConnection, journeyTickMs),
  },
] as const satisfies readonly Duty[];

export type DutyName = (typeof backgroundDuties)[number]['name'];
