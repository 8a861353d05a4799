import type { PgBoss } from 'pg-boss';
import type { Database } from '../db/client';
import { startMinuteJob } from '../delivery/minuteJob';
import { queueDueReminders } from './reminders';
import { anonymiseExpiredInvitations } from './retention';

// The RSVP upkeep as a job each minute (delivery/minuteJob.ts): it queues the reminders that are due
// (rsvp/reminders.ts; the outbox sends them) and anonymises invitations past their retention
// (rsvp/retention.ts). Both are safe to run twice.

export function startRsvpUpkeepJob(
  boss: PgBoss,
  db: Database,
  retentionDays: number,
  now: () => Date,
): Promise<{ stop(): Promise<void> }> {
  return startMinuteJob(boss, 'rsvp-upkeep', 'RSVP upkeep', async () => {
    await queueDueReminders(db, now());
    await anonymiseExpiredInvitations(db, now(), retentionDays);
  });
}
