import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/client';
import { startMinuteJob } from '../delivery/minuteJob';
import { applyRetention } from './retention';

// The retention periods applied once a day (background/duties.ts): offered each minute like every upkeep
// job (delivery/minuteJob.ts), it works only on the first run of a new day (UTC) in this process. The
// work is safe to repeat, so a second process doing it the same day removes nothing more.

export function startRetentionJob(
  boss: PgBoss,
  db: Database,
  now: () => Date,
): Promise<{ stop(): Promise<void> }> {
  let lastDay = '';
  return startMinuteJob(boss, 'privacy-retention', 'Retention', async () => {
    const moment = now();
    const day = moment.toISOString().slice(0, 10);
    if (day === lastDay) return;
    await applyRetention(db, moment);
    lastDay = day;
  });
}
