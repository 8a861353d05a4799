import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { systemClock } from '../delivery/clock';
import type { MailTransport } from '../mail/mailTransport';
import { startRsvpOutbox, type RsvpOutbox } from './mailOutbox';

/** A process that does not send (no mail server, or DELIVERY_WORKER off): queued emails wait for one that does. */
const idleOutbox: RsvpOutbox = { kick: () => {}, stop: async () => {} };

/**
 * Starts this process's RSVP email sender where delivery jobs are sent too (DELIVERY_WORKER on and a mail
 * server): after every answer and every DELIVERY_SWEEP_SECONDS for rows another process queued.
 */
export function startRsvpOutboxFor(
  config: AppConfig,
  db: Database,
  mail: Pick<MailTransport, 'mailer' | 'from' | 'available' | 'catcher'>,
): RsvpOutbox {
  if (!mail.available || !config.delivery.worker) return idleOutbox;
  return startRsvpOutbox(
    {
      db,
      mailer: mail.mailer,
      from: mail.from,
      catcher: mail.catcher !== undefined,
      publicUrl: config.publicUrl,
      clock: systemClock,
    },
    config.delivery.sweepSeconds * 1000,
    (error) => console.error('RSVP email outbox failed:', error instanceof Error ? error.message : error),
  );
}
