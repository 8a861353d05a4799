import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  analyticsEvents,
  analyticsFirsts,
  analyticsHourly,
  analyticsRollupMark,
  deliveryRecipients,
} from '../db/schema';

// The hourly counts (analytics_hourly) are added up from the raw events by a queue job each minute
// (rollupQueue.ts). A mark holds the last event id included; reads add the events after it (the tail),
// in one statement, so every screen counts each event exactly once. Only events older than `settle` are
// rolled up, so a batch whose transaction is still open (ids are handed out before commit) is not
// skipped past.

const markName = 'hourly';

/** The rows of a raw statement; both drivers answer `{ rows }`. */
export async function rowsOf<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const rollupSettleMs = 60_000;

/** Adds the settled events after the mark to the hourly counts and moves the mark, in one transaction. */
export async function rollUp(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.insert(analyticsRollupMark).values({ name: markName, lastEventId: 0 }).onConflictDoNothing();
    const marks = await rowsOf<{ last_event_id: string }>(
      tx,
      sql`SELECT last_event_id FROM ${analyticsRollupMark} WHERE name = ${markName} FOR UPDATE`,
    );
    const from = Number(marks[0].last_event_id);
    const settled = new Date(now.getTime() - rollupSettleMs);
    const upTo = await rowsOf<{ id: string | null }>(
      tx,
      sql`SELECT max(id) AS id FROM ${analyticsEvents} WHERE id > ${from} AND occurred_at < ${settled.toISOString()}`,
    );
    const to = upTo[0].id === null ? from : Number(upTo[0].id);
    if (to === from) return 0;
    await tx.execute(sql`
      INSERT INTO ${analyticsHourly} (job_id, hour, kind, position, machine, total, firsts, firsts_of_kind)
      SELECT job_id, date_trunc('hour', occurred_at), kind, position, machine,
             count(*)::int, (count(*) FILTER (WHERE first))::int, (count(*) FILTER (WHERE first_of_kind))::int
      FROM ${analyticsEvents}
      WHERE id > ${from} AND id <= ${to}
      GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (job_id, hour, kind, position, machine) DO UPDATE SET
        total = ${analyticsHourly}.total + excluded.total,
        firsts = ${analyticsHourly}.firsts + excluded.firsts,
        firsts_of_kind = ${analyticsHourly}.firsts_of_kind + excluded.firsts_of_kind`);
    await tx.execute(sql`UPDATE ${analyticsRollupMark} SET last_event_id = ${to} WHERE name = ${markName}`);
    return to - from;
  });
}

/** Deletes raw events older than the retention that the hourly counts already include; answers how many. */
export async function deleteExpiredEvents(db: Database, now: Date, retentionDays: number): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const [deleted] = await rowsOf<{ n: number }>(
    db,
    sql`WITH gone AS (
      DELETE FROM ${analyticsEvents}
      WHERE occurred_at < ${before.toISOString()}
        AND id <= coalesce((SELECT last_event_id FROM ${analyticsRollupMark} WHERE name = ${markName}), 0)
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`,
  );
  return deleted.n;
}

/**
 * Deletes a subscriber's events (when the subscriber is deleted): the counts stay, because the events are
 * rolled up first regardless of settling (the subscriber's own batch has long committed).
 */
export async function deleteSubscriberEvents(db: Database, subscriberId: string): Promise<void> {
  await rollUp(db, new Date(Date.now() + rollupSettleMs));
  const recipients = sql`(SELECT id FROM ${deliveryRecipients} WHERE subscriber_id = ${subscriberId})`;
  await db.execute(sql`DELETE FROM ${analyticsEvents} WHERE recipient_id IN ${recipients}`);
  await db.execute(
    sql`DELETE FROM ${analyticsFirsts} WHERE message_key IN (SELECT 'r:' || id FROM ${deliveryRecipients} WHERE subscriber_id = ${subscriberId})`,
  );
}

export const rollupMarkName = markName;
