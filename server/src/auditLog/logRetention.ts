import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { defaultLogRetentionMonths } from '../contract/auditLogKinds';
import type { Database } from '../db/client';
import { createNotifyingQueue } from '../db/pgBoss';

// Log retention: entries older than their environment's term are removed once a day. The Logboek's
// trigger refuses every DELETE unless the transaction says it is this job (`dpp.log_retention`), so
// nothing else can shorten the record.

/**
 * Removes the entries older than their environment's retention term at `now`; answers how many. The
 * transaction-local setting lets the append-only trigger allow these deletes and no others.
 */
export async function applyLogRetention(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('dpp.log_retention', 'on', true)`);
    const removed = await tx.execute(sql`
      delete from audit_log_entries as entry
      using environments as environment
      left join audit_log_settings as settings on settings.environment_id = environment.id
      where entry.environment_id = environment.id
        and entry.occurred_at < ${now.toISOString()}::timestamptz
          - make_interval(months => coalesce(settings.retention_months, ${defaultLogRetentionMonths}))
      returning entry.id`);
    // Both drivers answer `{ rows }`.
    return (removed as unknown as { rows: unknown[] }).rows.length;
  });
}

const queueName = 'audit-log-retention';
const day = 24 * 60 * 60;
const offerEveryMs = 60 * 60 * 1000;

/**
 * The daily retention duty on the delivery queue's pg-boss: every process offers the job each hour, and
 * a singleton per day keeps it to one run a day however many processes there are. Safe to run twice.
 */
export async function startLogRetentionJob(
  boss: PgBoss,
  db: Database,
  now: () => Date,
): Promise<{ stop(): Promise<void> }> {
  await createNotifyingQueue(boss, queueName, { expireInSeconds: 10 * 60, retryLimit: 0 });
  await boss.work(queueName, { pollingIntervalSeconds: 30 }, async () => {
    await applyLogRetention(db, now());
  });
  const offer = () =>
    boss.send(queueName, {}, { singletonKey: queueName, singletonSeconds: day }).catch((error: unknown) => {
      console.warn(`Log retention not queued: ${String(error)}`);
    });
  await offer();
  const timer = setInterval(() => void offer(), offerEveryMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await boss.offWork(queueName, { wait: true });
    },
  };
}
