import { PgBoss, fromPglite, type PGliteLike } from 'pg-boss';
import { releaseAllLeases, unattendedJobs } from './jobStates';
import { runDeliveryJob, type DeliveryContext } from './deliveryRunner';
import { startRollupJob } from '../analytics/rollupQueue';
import { startRsvpUpkeepJob } from '../rsvp/upkeepQueue';

// The queue that starts delivery jobs: pg-boss 12 on the platform's own database (its tables in the
// `pgboss` schema). On PostgreSQL it keeps its own small pool, so any number of processes (the server,
// `npm run worker`) share the work; on the embedded PGlite it runs through pg-boss's PGlite adapter on
// the one in-process connection. The queue only says *when* a job should run; the job's row (its state
// and lease, jobStates.ts) decides *whether* a worker may, so a duplicate or late queue entry is harmless.
// A sweep re-enqueues jobs nobody holds (a worker died, a queue entry was lost between two statements).

const queueName = 'delivery-jobs';

export type QueueConnection = { pglite: PGliteLike } | { connectionString: string };

export interface DeliveryQueue {
  /** Queues the job to start at `startAfter` (now when left out). */
  enqueue(jobId: string, startAfter?: Date): Promise<void>;
  /** Queues every job that should run and nobody holds (also run every DELIVERY_SWEEP_SECONDS). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  connection: QueueConnection;
  /** Whether this process works on jobs (DELIVERY_WORKER), or only queues them for other processes. */
  work: boolean;
  sweepIntervalMs: number;
  /** Jobs this process runs at once. */
  jobsAtOnce: number;
  /** ANALYTICS_RETENTION_DAYS: the rollup job (analytics/rollupQueue.ts) deletes raw events older than this. */
  analyticsRetentionDays: number;
  /** RSVP_RETENTION_DAYS: the RSVP upkeep job (rsvp/upkeepQueue.ts, also the reminders) anonymises after this. */
  rsvpRetentionDays: number;
}

export async function startDeliveryQueue(
  context: DeliveryContext,
  options: QueueOptions,
): Promise<DeliveryQueue> {
  const boss =
    'pglite' in options.connection
      ? new PgBoss({ db: fromPglite(options.connection.pglite), backend: 'pglite', schedule: false })
      : new PgBoss({ connectionString: options.connection.connectionString, max: 3, schedule: false });
  boss.on('error', (error) => console.warn(`Delivery queue: ${error.message}`));
  await boss.start();
  await boss.createQueue(queueName, { expireInSeconds: 4 * 60 * 60, retryLimit: 0 });

  let stopping = false;
  const running = new Set<string>();
  const enqueue = async (jobId: string, startAfter?: Date) => {
    await boss.send(queueName, { jobId }, startAfter ? { startAfter } : {});
  };
  const sweep = async () => {
    for (const job of await unattendedJobs(context.db, context.clock.now())) {
      if (!running.has(job.id)) await enqueue(job.id);
    }
  };

  let sweepTimer: NodeJS.Timeout | undefined;
  let stopRollups = () => {};
  let stopRsvpUpkeep = () => {};
  if (options.work) {
    stopRollups = await startRollupJob(boss, context.db, options.analyticsRetentionDays, context.clock.now);
    stopRsvpUpkeep = await startRsvpUpkeepJob(boss, context.db, options.rsvpRetentionDays, context.clock.now);
    // The embedded database has one process (the data-directory lock): any lease found is a dead one's.
    if ('pglite' in options.connection) await releaseAllLeases(context.db);
    await boss.work<{ jobId: string }>(
      queueName,
      { localConcurrency: options.jobsAtOnce, pollingIntervalSeconds: 1 },
      async ([queued]) => {
        const { jobId } = queued.data;
        if (running.has(jobId)) return;
        running.add(jobId);
        try {
          const result = await runDeliveryJob({ ...context, stopping: () => stopping }, jobId);
          // Moved to a later moment since it was queued: queue it for that moment.
          if (result.outcome === 'notDue') await enqueue(jobId, result.scheduledAt);
          // This process is stopping: its lease is released; queued again, another instance takes the
          // job over at once instead of at its next sweep (which still finds it if this send fails).
          if (result.outcome === 'stopped') await enqueue(jobId).catch(() => undefined);
        } finally {
          running.delete(jobId);
        }
      },
    );
    await sweep();
    sweepTimer = setInterval(() => {
      sweep().catch((error: unknown) => console.warn(`Delivery sweep failed: ${String(error)}`));
    }, options.sweepIntervalMs);
    sweepTimer.unref();
  }

  return {
    enqueue,
    sweep,
    async stop() {
      stopping = true;
      clearInterval(sweepTimer);
      stopRollups();
      stopRsvpUpkeep();
      await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}
