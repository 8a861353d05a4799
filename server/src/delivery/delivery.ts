import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppConfig } from '../config';
import type { OpenDatabase } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { systemClock, type Clock } from './clock';
import { startDeliveryQueue, type DeliveryQueue } from './deliveryQueue';
import type { DeliveryContext } from './deliveryRunner';
import { createRateLimiter } from './rateLimiter';
import { serverSecret } from './serverSecret';

/** What the rest of the server uses of delivery: queueing jobs and the unsubscribe-link key. */
export interface Delivery {
  enqueue(jobId: string, startAfter?: Date): Promise<void>;
  unsubscribeKey(): Promise<Buffer>;
  stop(): Promise<void>;
}

/** Recipients per batch: enough to keep every lane busy, few enough that a cancel is seen quickly. */
const recipientsPerLane = 25;

/**
 * Starts delivery for a process (the server, or `npm run worker`): the queue, and with a mailer and
 * DELIVERY_WORKER on, the worker that sends. Without a mailer jobs are only queued.
 */
export async function startDelivery(
  config: AppConfig,
  database: Pick<OpenDatabase, 'db' | 'queueConnection'>,
  mail: { mailer: Mailer | undefined; from: string; catcher: boolean },
  clock: Clock = systemClock,
): Promise<Delivery> {
  let key: Promise<Buffer> | undefined;
  const unsubscribeKey = () => (key ??= serverSecret(database.db, 'unsubscribe-token'));
  let bounce: Promise<Buffer> | undefined;
  const bounceKey = () => (bounce ??= serverSecret(database.db, 'bounce-address'));
  const settings = config.delivery;
  const context: DeliveryContext = {
    db: database.db,
    mailer: mail.mailer ?? unavailableMailer,
    from: mail.from,
    catcher: mail.catcher,
    cdn: config,
    clock,
    rateLimiter: createRateLimiter(settings.ratePerSecond, clock),
    settings: {
      concurrency: settings.concurrency,
      retry: { maxAttempts: settings.maxAttempts, firstDelayMs: settings.retryDelayMs },
      leaseMs: settings.leaseSeconds * 1000,
      batchSize: settings.concurrency * recipientsPerLane,
      consecutiveFailureLimit: 20,
    },
    owner: `${hostname()}:${process.pid}:${randomUUID()}`,
    unsubscribeKey,
    bounceKey,
    stopping: () => false,
  };
  const queue: DeliveryQueue = await startDeliveryQueue(context, {
    connection: database.queueConnection,
    work: settings.worker && mail.mailer !== undefined,
    sweepIntervalMs: settings.sweepSeconds * 1000,
    jobsAtOnce: 2,
    analyticsRetentionDays: config.analytics.retentionDays,
    rsvpRetentionDays: config.rsvpRetentionDays,
  });
  return { enqueue: queue.enqueue, unsubscribeKey, stop: queue.stop };
}

const unavailableMailer: Mailer = {
  send: () => Promise.reject(new Error('Er is geen mailserver ingesteld.')),
  close: async () => {},
};
