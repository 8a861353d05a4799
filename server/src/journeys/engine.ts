import { createNotifyingQueue, startPgBoss, type QueueConnection } from '../db/pgBoss';
import type { Database } from '../db/client';
import { journeyTimeZone } from './amsterdamTime';
import type { JourneyClock } from './journeyClock';
import { runDateTriggers } from './startingPoints';
import { tick, type JourneyContext } from './ticker';

// Runs journeys: the engine (every process has one: the test-only clock endpoint ticks it) and, as a
// background duty (background/duties.ts), the ticker: pg-boss (the platform's queue) keeps the daily date
// run's schedule in Europe/Amsterdam and a once-a-minute ticker job; between those, the process ticks
// every few seconds itself so a due step runs promptly. Every tick claims with SKIP LOCKED, so several
// processes share the work without duplicates and no external cron is needed.

/** How often each process ticks by itself, between the queue's once-a-minute ticks. */
export const journeyTickMs = 5_000;
const tickQueue = 'journeys-tick';
const dateQueue = 'journeys-dates';

export interface JourneyEngine {
  clock: JourneyClock;
  /** One full ticker round now (the test-only clock endpoint calls it after moving the clock). */
  tick(): Promise<number>;
  runDates(): Promise<number>;
  /** Resolves when no round runs in this process. */
  idle(): Promise<void>;
}

export function createJourneyEngine(options: {
  db: Database;
  clock: JourneyClock;
  enqueueDelivery(jobId: string): Promise<void>;
  batchSize: number;
}): JourneyEngine {
  const context: JourneyContext = {
    db: options.db,
    clock: options.clock,
    enqueueDelivery: options.enqueueDelivery,
    batchSize: options.batchSize,
  };
  let running: Promise<number> | undefined;
  // One round at a time in this process; other processes are kept apart by the row locks.
  const tickOnce = () => (running ??= tick(context).finally(() => (running = undefined)));
  return {
    clock: options.clock,
    tick: tickOnce,
    runDates: () => runDateTriggers(options.db, options.clock.now()),
    idle: async () => {
      await running?.catch(() => 0);
    },
  };
}

/** Ticks `engine` on its schedules until stopped (the background duty 'journeys'). */
export async function startJourneyTicker(
  engine: JourneyEngine,
  connection: QueueConnection,
  tickMs: number,
): Promise<{ stop(): Promise<void> }> {
  const boss = await startPgBoss(connection, 'Journeys queue', { schedule: true, max: 2 });
  await createNotifyingQueue(boss, tickQueue, { retryLimit: 0 });
  await createNotifyingQueue(boss, dateQueue, { retryLimit: 2 });
  await boss.schedule(tickQueue, '* * * * *');
  await boss.schedule(dateQueue, '5 0 * * *', undefined, { tz: journeyTimeZone });
  await boss.work(tickQueue, async () => {
    await engine.tick();
  });
  await boss.work(dateQueue, async () => {
    await engine.runDates();
  });
  const timer = setInterval(() => {
    engine.tick().catch((error: unknown) => console.warn(`Journeys tick failed: ${String(error)}`));
  }, tickMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await boss.stop({ graceful: true, timeout: 10_000 });
      await engine.idle();
    },
  };
}
