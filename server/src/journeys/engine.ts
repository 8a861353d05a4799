import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client';
import type { QueueConnection } from '../delivery/deliveryQueue';
import { journeyTimeZone } from './amsterdamTime';
import type { JourneyClock } from './journeyClock';
import { runDateTriggers } from './startingPoints';
import { tick, type JourneyContext } from './ticker';

// Runs journeys in a process: pg-boss (the platform's queue) keeps the daily date run's schedule in
// Europe/Amsterdam and a once-a-minute ticker job; between those, the process ticks every few seconds
// itself so a due step runs promptly. Every tick claims with SKIP LOCKED, so several processes share
// the work without duplicates and no external cron is needed.

/** How often each process ticks by itself, between the queue's once-a-minute ticks. */
export const journeyTickMs = 5_000;
const tickQueue = 'journeys-tick';
const dateQueue = 'journeys-dates';

export interface JourneyEngine {
  clock: JourneyClock;
  /** One full ticker round now (the test-only clock endpoint calls it after moving the clock). */
  tick(): Promise<number>;
  runDates(): Promise<number>;
  stop(): Promise<void>;
}

export async function startJourneyEngine(options: {
  db: Database;
  connection: QueueConnection;
  clock: JourneyClock;
  enqueueDelivery(jobId: string): Promise<void>;
  work: boolean;
  tickMs: number;
  batchSize: number;
}): Promise<JourneyEngine> {
  const context: JourneyContext = {
    db: options.db,
    clock: options.clock,
    enqueueDelivery: options.enqueueDelivery,
    batchSize: options.batchSize,
  };
  let running: Promise<number> | undefined;
  // One round at a time in this process; other processes are kept apart by the row locks.
  const tickOnce = () => (running ??= tick(context).finally(() => (running = undefined)));
  const runDates = () => runDateTriggers(options.db, options.clock.now());
  if (!options.work) return { clock: options.clock, tick: tickOnce, runDates, stop: async () => {} };

  const boss =
    'pglite' in options.connection
      ? new PgBoss({ db: fromPglite(options.connection.pglite), backend: 'pglite' })
      : new PgBoss({ connectionString: options.connection.connectionString, max: 2 });
  boss.on('error', (error) => console.warn(`Journeys queue: ${error.message}`));
  await boss.start();
  await boss.createQueue(tickQueue, { retryLimit: 0 });
  await boss.createQueue(dateQueue, { retryLimit: 2 });
  await boss.schedule(tickQueue, '* * * * *');
  await boss.schedule(dateQueue, '5 0 * * *', undefined, { tz: journeyTimeZone });
  await boss.work(tickQueue, async () => {
    await tickOnce();
  });
  await boss.work(dateQueue, async () => {
    await runDates();
  });
  const timer = setInterval(() => {
    tickOnce().catch((error: unknown) => console.warn(`Journeys tick failed: ${String(error)}`));
  }, options.tickMs);
  timer.unref();
  return {
    clock: options.clock,
    tick: tickOnce,
    runDates,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => 0);
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
