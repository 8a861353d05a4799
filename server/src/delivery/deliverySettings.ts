import type { SettingsReaders } from '../settingsReaders';

/** How delivery jobs are sent (docs/deployment.md, "Delivery"). */
export interface DeliverySettings {
  /**
   * DELIVERY_WORKER=on|off: whether the server takes the background duties that send (delivery, the RSVP
   * outbox; background/duties.ts); off when `npm run worker` processes do. A worker takes them whatever it says.
   */
  worker: boolean;
  /** DELIVERY_RATE_LIMIT: messages per second per environment, per worker process. */
  ratePerSecond: number;
  /** DELIVERY_CONCURRENCY: messages of one job in flight at once. */
  concurrency: number;
  /** DELIVERY_MAX_ATTEMPTS: tries per message while the mail server answers with a temporary failure. */
  maxAttempts: number;
  /** DELIVERY_RETRY_DELAY_MS: the wait before the second try (five times longer before each next one). */
  retryDelayMs: number;
  /** DELIVERY_LEASE_SECONDS: how long a stalled or dead worker keeps a job before another takes it over. */
  leaseSeconds: number;
  /** DELIVERY_SWEEP_SECONDS: how often a worker looks for jobs that should run and nobody holds. */
  sweepSeconds: number;
}

export function readDeliverySettings({ integer, onOff }: SettingsReaders): DeliverySettings {
  return {
    worker: onOff('DELIVERY_WORKER') ?? true,
    ratePerSecond: integer('DELIVERY_RATE_LIMIT', 1000, 1),
    concurrency: integer('DELIVERY_CONCURRENCY', 8, 1),
    maxAttempts: integer('DELIVERY_MAX_ATTEMPTS', 4, 1),
    retryDelayMs: integer('DELIVERY_RETRY_DELAY_MS', 2000, 0),
    leaseSeconds: integer('DELIVERY_LEASE_SECONDS', 60, 1),
    sweepSeconds: integer('DELIVERY_SWEEP_SECONDS', 30, 1),
  };
}
