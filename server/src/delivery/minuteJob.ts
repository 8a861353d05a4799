import type { PgBoss } from 'pg-boss';
import { createNotifyingQueue } from '../db/pgBoss';

// Upkeep that must run once a minute however many processes there are (the analytics rollup, the RSVP
// upkeep; background duties, background/duties.ts): every process running it offers the job each minute
// on the delivery queue's pg-boss, and pg-boss's singleton key keeps one queued at a time, so one process
// works it. The work must be safe to run twice.

const everyMs = 60_000;

/** Starts offering and working the job; stopping waits for a run in progress. */
export async function startMinuteJob(
  boss: PgBoss,
  queueName: string,
  /** What a failed offer's warning calls the job, e.g. 'Analytics rollup'. */
  label: string,
  work: () => Promise<void>,
): Promise<{ stop(): Promise<void> }> {
  // The offer wakes a worker (LISTEN/NOTIFY); the poll, every 30 s then, is the backstop.
  await createNotifyingQueue(boss, queueName, { expireInSeconds: 10 * 60, retryLimit: 0 });
  await boss.work(queueName, { pollingIntervalSeconds: 5 }, work);
  const offer = () =>
    boss.send(queueName, {}, { singletonKey: queueName }).catch((error: unknown) => {
      console.warn(`${label} not queued: ${String(error)}`);
    });
  await offer();
  const timer = setInterval(() => void offer(), everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await boss.offWork(queueName, { wait: true });
    },
  };
}
