import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/client';
import { startMinuteJob } from '../delivery/minuteJob';
import { deleteExpiredEvents, rollUp } from './rollup';

// The rollup and retention as a job each minute (delivery/minuteJob.ts): with several processes the
// rollup still runs once a minute.

export function startRollupJob(
  boss: PgBoss,
  db: Database,
  retentionDays: number,
  now: () => Date,
): Promise<{ stop(): Promise<void> }> {
  return startMinuteJob(boss, 'analytics-rollup', 'Analytics rollup', async () => {
    await rollUp(db, now());
    await deleteExpiredEvents(db, now(), retentionDays);
  });
}
