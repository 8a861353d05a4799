import type { PgBoss } from 'pg-boss';
import { createNotifyingQueue, startPgBoss, type QueueConnection } from '../db/pgBoss';
import { releaseAllLeases, unattendedJobs } from './jobStates';
import { runDeliveryJob, type DeliveryContext } from './deliveryRunner';

// The queue that starts delivery jobs, on the platform's pg-boss (db/pgBoss.ts). Every process that queues
// jobs opens it; the processes that send also work it (startDeliveryWork, a background duty). The queue
// only says *when* a job should run; the job's row (its state and lease, jobStates.ts) decides *whether* a
// worker may, so a duplicate or late queue entry is harmless. A sweep re-enqueues jobs nobody holds (a
// worker died, a queue entry was lost between two statements).

const queueName = 'delivery-jobs';

export interface DeliveryQueue {
  /** Queues the job to start at `startAfter` (now when left out). */
  enqueue(jobId: string, startAfter?: Date): Promise<void>;
  /** The process's pg-boss, which the once-a-minute jobs share (delivery/minuteJob.ts). */
  boss: PgBoss;
  /** Stops pg-boss; the duties working on it have stopped first. */
  close(): Promise<void>;
}

export async function openDeliveryQueue(connection: QueueConnection): Promise<DeliveryQueue> {
  const boss = await startPgBoss(connection, 'Delivery queue', { schedule: false, max: 3 });
  await createNotifyingQueue(boss, queueName, { expireInSeconds: 4 * 60 * 60, retryLimit: 0 });
  return {
    enqueue: async (jobId, startAfter) => {
      await boss.send(queueName, { jobId }, startAfter ? { startAfter } : {});
    },
    boss,
    close: () => boss.stop({ graceful: true, timeout: 30_000 }),
  };
}

export interface WorkOptions {
  /** The embedded database: one process (the data-directory lock), so any lease found is a dead one's. */
  embedded: boolean;
  sweepIntervalMs: number;
  /** Jobs this process runs at once. */
  jobsAtOnce: number;
}

/**
 * Sends the queued jobs in this process until stopped; stopping lets each running job end between two
 * batches (its lease released and the job queued again, so another process continues it at once).
 */
export async function startDeliveryWork(
  queue: DeliveryQueue,
  context: DeliveryContext,
  options: WorkOptions,
): Promise<{ stop(): Promise<void> }> {
  let stopping = false;
  const running = new Set<string>();
  const sweep = async () => {
    for (const job of await unattendedJobs(context.db, context.clock.now())) {
      if (!running.has(job.id)) await queue.enqueue(job.id);
    }
  };
  if (options.embedded) await releaseAllLeases(context.db);
  await queue.boss.work<{ jobId: string }>(
    queueName,
    // A job queued now wakes the workers (LISTEN/NOTIFY, db/pgBoss.ts); one queued for later (startAfter)
    // is found by the poll, every 5 s while notifications arrive, every second without them.
    {
      localConcurrency: options.jobsAtOnce,
      pollingIntervalSeconds: 1,
      notifyPollingIntervalSeconds: 5,
    },
    async ([queued]) => {
      const { jobId } = queued.data;
      if (running.has(jobId)) return;
      running.add(jobId);
      try {
        const result = await runDeliveryJob({ ...context, stopping: () => stopping }, jobId);
        // Moved to a later moment since it was queued: queue it for that moment.
        if (result.outcome === 'notDue') await queue.enqueue(jobId, result.scheduledAt);
        // This process is stopping: its lease is released; queued again, another instance takes the
        // job over at once instead of at its next sweep (which still finds it if this send fails).
        if (result.outcome === 'stopped') await queue.enqueue(jobId).catch(() => undefined);
      } finally {
        running.delete(jobId);
      }
    },
  );
  await sweep();
  const sweepTimer = setInterval(() => {
    sweep().catch((error: unknown) => console.warn(`Delivery sweep failed: ${String(error)}`));
  }, options.sweepIntervalMs);
  sweepTimer.unref();
  return {
    async stop() {
      stopping = true;
      clearInterval(sweepTimer);
      // Waits for the running jobs, which end at their next batch.
      await queue.boss.offWork(queueName, { wait: true });
    },
  };
}
