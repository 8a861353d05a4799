import { PgBoss, fromPglite, type PGliteLike } from 'pg-boss';

// pg-boss 12, the platform's queue, on the platform's own database (its tables in the `pgboss` schema):
// on PostgreSQL with its own small pool, so any number of processes share the work; on the embedded
// PGlite through pg-boss's PGlite adapter on the one in-process connection.

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
  const boss =
    'pglite' in connection
      ? new PgBoss({ db: fromPglite(connection.pglite), backend: 'pglite', schedule: options.schedule })
      : new PgBoss({
          connectionString: connection.connectionString,
          max: options.max,
          schedule: options.schedule,
        });
  boss.on('error', (error) => console.warn(`${label}: ${error.message}`));
  await boss.start();
  return boss;
}
