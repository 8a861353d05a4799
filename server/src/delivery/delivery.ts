import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppConfig } from '../config';
import type { OpenDatabase } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { systemClock, type Clock } from './clock';
import { openDeliveryQueue, startDeliveryWork, type DeliveryQueue } from './deliveryQueue';
import type { DeliveryContext } from './deliveryRunner';
import { createRateLimiter } from './rateLimiter';
import { serverSecret } from './serverSecret';

/** What the rest of the server uses of delivery: queueing jobs and the unsubscribe-link key. */
export interface Delivery {
  enqueue(jobId: string, startAfter?: Date): Promise<void>;
  unsubscribeKey(): Promise<Buffer>;
  /** The queue itself, for the background duties that work on it (background/duties.ts). */
  queue: DeliveryQueue;
  close(): Promise<void>;
}

/** Recipients per batch: enough to keep every lane busy, few enough that a cancel is seen quickly. */
const recipientsPerLane = 25;

/** Opens delivery for a process (the server, or `npm run worker`): queueing jobs, not sending them. */
export async function openDelivery(
  database: Pick<OpenDatabase, 'db' | 'queueConnection'>,
): Promise<Delivery> {
  let key: Promise<Buffer> | undefined;
  const queue = await openDeliveryQueue(database.queueConnection);
  return {
    enqueue: queue.enqueue,
    unsubscribeKey: () => (key ??= serverSecret(database.db, 'unsubscribe-token')),
    queue,
    close: queue.close,
  };
}

/**
 * Sends the queued jobs in this process (the background duty 'delivery'), until stopped; stopping ends
 * each running job between two batches.
 */
export function startSending(
  delivery: Delivery,
  config: AppConfig,
  database: Pick<OpenDatabase, 'db' | 'driver'>,
  mail: { mailer: Mailer; from: string; catcher: boolean },
  clock: Clock = systemClock,
): Promise<{ stop(): Promise<void> }> {
  let bounce: Promise<Buffer> | undefined;
  const settings = config.delivery;
  const context: DeliveryContext = {
    db: database.db,
    mailer: mail.mailer,
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
    unsubscribeKey: delivery.unsubscribeKey,
    bounceKey: () => (bounce ??= serverSecret(database.db, 'bounce-address')),
    stopping: () => false,
  };
  return startDeliveryWork(delivery.queue, context, {
    embedded: database.driver === 'pglite',
    sweepIntervalMs: settings.sweepSeconds * 1000,
    jobsAtOnce: 2,
  });
}
