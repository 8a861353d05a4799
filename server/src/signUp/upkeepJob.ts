import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/client';
import { startMinuteJob } from '../delivery/minuteJob';
import { expirePendingSignUps } from './expiry';

// The sign-up upkeep as a job each minute (delivery/minuteJob.ts): removes expired sign-ups. Safe to run twice.

export function startSignUpUpkeepJob(
  boss: PgBoss,
  db: Database,
  now: () => Date,
): Promise<{ stop(): Promise<void> }> {
  return startMinuteJob(boss, 'sign-up-upkeep', 'Sign-up upkeep', async () => {
    await expirePendingSignUps(db, now());
  });
}
