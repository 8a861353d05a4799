import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { analyticsEvents, analyticsFirsts } from '../db/schema';

// Opens and clicks are appended in batches: a request only queues its event, and one statement writes
// up to `batchSize` of them (every `flushMs`, or sooner when the batch is full). A graceful stop writes
// what is queued before the database closes, so no event is lost then. The 'first' marks and the events
// are written together or not at all.

export interface TrackedEvent {
  environmentId: string;
  jobId: string;
  kind: 'open' | 'click';
  position: number;
  messageKey: string;
  recipientId: number | null;
  machine: boolean;
  occurredAt: Date;
}

export interface EventWriter {
  add(event: TrackedEvent): void;
  /** Writes everything queued so far. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

/** Most events queued before new ones are dropped (the database is not keeping up). */
const queueLimit = 100_000;

/** The firsts row of 'any link' (a click's unique count over all links). */
export const anyLink = -2;

export function createEventWriter(db: Database, options = { batchSize: 1000, flushMs: 200 }): EventWriter {
  let queue: TrackedEvent[] = [];
  let writing: Promise<void> = Promise.resolve();
  const write = async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, options.batchSize);
      queue = queue.slice(batch.length);
      await writeBatch(db, batch);
    }
  };
  const flush = () =>
    (writing = writing.then(write).catch((error: unknown) => {
      console.warn(`Analytics events not written: ${String(error)}`);
    }));
  const timer = setInterval(() => {
    if (queue.length > 0) void flush();
  }, options.flushMs);
  timer.unref();
  return {
    add(event) {
      if (queue.length >= queueLimit) return;
      queue.push(event);
      if (queue.length >= options.batchSize) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

/**
 * Writes a batch in one statement: the 'first' marks of its keys (a message's first open, first click of
 * a link, first click of any link), then the events, each carrying whether it took a mark. Only the
 * batch's earliest event of a fresh key takes it. The whole batch travels as one JSON parameter (binding
 * nine parameters per event took the event loop long enough to show in the endpoints' p99), an array per
 * event with the time in epoch milliseconds: objects with their keys and ISO times cost twice the CPU.
 */
export async function writeBatch(db: Database, batch: TrackedEvent[]): Promise<void> {
  if (batch.length === 0) return;
  const rows = batch.map((event) => [
    event.environmentId,
    event.jobId,
    event.kind,
    event.position,
    event.messageKey,
    event.recipientId,
    event.machine,
    event.occurredAt.getTime(),
  ]);
  await db.execute(sql`
    WITH batch AS (
      SELECT (b.ord - 1)::integer AS ord, (b.e->>0)::uuid AS environment_id, (b.e->>1)::uuid AS job_id,
        b.e->>2 AS kind, (b.e->>3)::integer AS position, b.e->>4 AS message_key,
        (b.e->>5)::bigint AS recipient_id, (b.e->>6)::boolean AS machine,
        to_timestamp((b.e->>7)::double precision / 1000) AS occurred_at
      FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS b(e, ord)
    ), ranked AS (
      SELECT batch.*,
        row_number() OVER (PARTITION BY job_id, kind, position, machine, message_key ORDER BY ord) = 1 AS earliest,
        (kind = 'click' AND row_number() OVER (PARTITION BY job_id, kind, machine, message_key ORDER BY ord) = 1)
          AS earliest_click
      FROM batch
    ), fresh AS (
      INSERT INTO ${analyticsFirsts} (job_id, kind, position, machine, message_key)
      SELECT job_id, kind, position, machine, message_key FROM ranked WHERE earliest
      UNION ALL
      SELECT job_id, kind, ${anyLink}::integer, machine, message_key FROM ranked WHERE earliest_click
      ON CONFLICT DO NOTHING
      RETURNING job_id, kind, position, machine, message_key
    )
    INSERT INTO ${analyticsEvents}
      (environment_id, job_id, kind, position, message_key, recipient_id, machine, first, first_of_kind, occurred_at)
    SELECT r.environment_id, r.job_id, r.kind, r.position, r.message_key, r.recipient_id, r.machine,
      r.earliest AND EXISTS (SELECT 1 FROM fresh f WHERE f.job_id = r.job_id AND f.kind = r.kind
        AND f.position = r.position AND f.machine = r.machine AND f.message_key = r.message_key) AS first,
      CASE WHEN r.kind = 'open'
        THEN r.earliest AND EXISTS (SELECT 1 FROM fresh f WHERE f.job_id = r.job_id AND f.kind = r.kind
          AND f.position = r.position AND f.machine = r.machine AND f.message_key = r.message_key)
        ELSE r.earliest_click AND EXISTS (SELECT 1 FROM fresh f WHERE f.job_id = r.job_id AND f.kind = r.kind
          AND f.position = ${anyLink}::integer AND f.machine = r.machine AND f.message_key = r.message_key)
      END AS first_of_kind,
      r.occurred_at
    FROM ranked r ORDER BY r.ord`);
}
