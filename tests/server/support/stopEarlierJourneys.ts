import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/src/db/client';

/**
 * Stops every journey and lets their people leave, so that a test watches only the journey it starts
 * itself: the ticker would otherwise also move people of journeys an earlier test left active.
 */
export async function stopEarlierJourneys(db: Database): Promise<void> {
  await db.execute(sql`UPDATE journeys SET state = 'Gestopt' WHERE state <> 'Gestopt'`);
  await db.execute(
    sql`UPDATE journey_enrollments SET state = 'Verlaten', next_run_at = NULL WHERE state = 'Actief'`,
  );
}
