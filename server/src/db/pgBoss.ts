import { PgBoss, fromPglite, type PGliteLike, type Queue } from 'pg-boss';

// pg-boss 12, the platform's queue, on the platform's own database (its tables in the `pgboss` schema):
// on PostgreSQL with its own small pool, so any number of processes share the work; on the embedded
// PGlite through pg-boss's PGlite adapter on the one in-process connection.
// On PostgreSQL a new job wakes the workers of every process at once (LISTEN/NOTIFY, one connection per
// pg-boss), so an idle worker only polls as a backstop (notifyPollingIntervalSeconds, 30 s unless its
// queue says otherwise): every instance's idle duties cost the database a query every few seconds instead
// of several a second (docs/performance.md, "Several instances").

/** How pg-boss reaches the platform's database: the PGlite instance, or the PostgreSQL URL. */
export type QueueConnection = { pglite: PGliteLike } | { connectionString: string };

/**
 * A started pg-boss on `connection`; `label` names it in its warnings. `schedule: false` leaves out the
 * cron timekeeper where nothing is scheduled; `max` bounds its PostgreSQL pool.
 */
export async function startPgBoss(
  connection: QueueConnection,
  label: string,
  options: { schedule: boolean; max: number },
): Promise<PgBoss> {
  const idleCost = {
    // The platform queues no flows (jobs waiting on others): a look for them each minute, not each 5 s.
    flowIntervalSeconds: 60,
    // No row in pgboss.instance: nothing reads it, and its health sampling (an event-loop delay monitor
    // waking the process every 20 ms) cost an idle instance 10 ms CPU a second, on either database.
    registerInstance: false,
  };
  const boss =
    'pglite' in connection
      ? new PgBoss({
          db: fromPglite(connection.pglite),
          backend: 'pglite',
          schedule: options.schedule,
          ...idleCost,
        })
      : new PgBoss({
          connectionString: connection.connectionString,
          max: options.max,
          schedule: options.schedule,
          useListenNotify: true,
          // The cron timekeeper's own queue (schedule: true) is not woken by a notification: it is
          // looked at every 30 s, the cron schedules' check, instead of every 5 s.
          cronWorkerIntervalSeconds: 30,
          ...idleCost,
        });
  boss.on('error', (error) => console.warn(`${label}: ${error.message}`));
  await boss.start();
  return boss;
}

/**
 * Creates `name` on `boss` if it is not there, with `options`, and a notification to the workers of every
 * process when a job is queued on it (a queue created before without one is given it).
 */
export async function createNotifyingQueue(
  boss: PgBoss,
  name: string,
  options: Omit<Queue, 'name' | 'notify'>,
): Promise<void> {
  await boss.createQueue(name, { ...options, notify: true });
  if ((await boss.getQueue(name))?.notify !== true) await boss.updateQueue(name, { notify: true });
}
