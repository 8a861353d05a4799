import { and, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { pendingSignUps, signUpMailOutbox } from '../db/schema';
import { pendingDays } from './submission';

// Unconfirmed sign-ups last `pendingDays` (7); then they go, with what they held (the address and the
// answers). Confirmed ones go at the same moment: their consent proofs keep what must be kept. The sent
// 'al aangemeld' mails' rows (which hold an address) go after the same time.

/** Removes expired sign-ups and old sent mails; answers how many unconfirmed sign-ups expired. */
export async function expirePendingSignUps(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(pendingSignUps)
    .where(lte(pendingSignUps.expiresAt, now))
    .returning({ confirmedAt: pendingSignUps.confirmedAt });
  await db
    .delete(signUpMailOutbox)
    .where(
      and(
        isNotNull(signUpMailOutbox.sentAt),
        lte(signUpMailOutbox.createdAt, sql`${now}::timestamptz - make_interval(days => ${pendingDays})`),
      ),
    );
  return removed.filter((row) => row.confirmedAt === null).length;
}
