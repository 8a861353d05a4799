import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { analyticsEvents, analyticsFirsts } from '../db/schema';

// Opens and clicks are appended in batches: a request only queues its event, and one statement writes
// up to `batchSize` of them (every `flushMs`, or sooner when the batch is full). A graceful stop writes
// what is queued before the database closes, so no event is lost then. The 'first' marks and the events
// are written together or not at all.
// The queue holds each event as its row of the batch's JSON (eventRow), made when it is added: one string
// a request that waits for the flush instead of an object, its Date and its strings, and no
// JSON.stringify over the batch. The batch an event goes into is known when it is added, so the row also
// says whether it is the batch's earliest of its 'first' keys: decided here, per job and message key,
// instead of by two window functions' sorts in the database, whose CPU is taken on the server's cores
// (docs/performance.md, "Tracking endpoints").
// One write runs at a time and takes what is queued meanwhile: a request never chains a promise onto it.

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

/** The rows of one statement, and the 'first' keys (analytics_firsts) an earlier row of it claims. */
interface Batch {
  rows: string[];
  /** Per job and message key, the claimed (kind, position, machine) as claimCode numbers. */
  claimed: Map<string, Map<string, number[]>>;
}

const newBatch = (): Batch => ({ rows: [], claimed: new Map() });

/** A key's kind, position (-2 or more) and machine flag as one number: no string a key. */
const claimCode = (kind: TrackedEvent['kind'], position: number, machine: boolean) =>
  (position + 2) * 4 + (kind === 'click' ? 2 : 0) + (machine ? 1 : 0);

/** Whether no earlier row of the batch has the key (job, kind, position, machine, message); claims it. */
function claim(batch: Batch, event: TrackedEvent, position: number): boolean {
  let messages = batch.claimed.get(event.jobId);
  if (!messages) batch.claimed.set(event.jobId, (messages = new Map()));
  const code = claimCode(event.kind, position, event.machine);
  const codes = messages.get(event.messageKey);
  if (!codes) {
    messages.set(event.messageKey, [code]);
    return true;
  }
  if (codes.includes(code)) return false;
  codes.push(code);
  return true;
}

/**
 * An event as the batch's JSON has it (writeRows): an array with the time in epoch milliseconds, then
 * whether it is the batch's earliest of its key and (a click) of its message's clicks on any link. Built
 * by hand, the strings through JSON.stringify: a quarter of JSON.stringify's time over the array.
 */
export function eventRow(event: TrackedEvent, earliest: boolean, earliestClick: boolean): string {
  return `[${JSON.stringify(event.environmentId)},${JSON.stringify(event.jobId)},${JSON.stringify(event.kind)},${event.position},${JSON.stringify(event.messageKey)},${event.recipientId ?? 'null'},${event.machine},${event.occurredAt.getTime()},${earliest},${earliestClick}]`;
}

/** Adds the event's row to the batch. */
function addTo(batch: Batch, event: TrackedEvent): void {
  const earliest = claim(batch, event, event.position);
  const earliestClick = event.kind === 'click' && claim(batch, event, anyLink);
  batch.rows.push(eventRow(event, earliest, earliestClick));
}

export function createEventWriter(db: Database, options = { batchSize: 1000, flushMs: 200 }): EventWriter {
  /** Full batches waiting for their write, then the one being filled. */
  const full: Batch[] = [];
  let filling = newBatch();
  let queued = 0;
  /** The write under way, while one is. */
  let writing: Promise<void> | undefined;
  const next = (): Batch => {
    const batch = full.shift();
    if (batch) return batch;
    const last = filling;
    filling = newBatch();
    return last;
  };
  const drain = async () => {
    try {
      while (queued > 0) {
        const batch = next();
        queued -= batch.rows.length;
        await writeRows(db, batch.rows);
      }
    } catch (error) {
      console.warn(`Analytics events not written: ${String(error)}`);
    }
  };
  const flush = async () => {
    // A write under way takes what was queued before it ends, except after a failure: then write again.
    while (writing) await writing;
    if (queued === 0) return;
    writing = drain();
    try {
      await writing;
    } finally {
      writing = undefined;
    }
  };
  const timer = setInterval(() => {
    if (queued > 0 && !writing) void flush();
  }, options.flushMs);
  timer.unref();
  return {
    add(event) {
      if (queued >= queueLimit) return;
      addTo(filling, event);
      queued++;
      if (filling.rows.length < options.batchSize) return;
      full.push(filling);
      filling = newBatch();
      if (!writing) void flush();
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
export async function writeBatch(db: Database, events: TrackedEvent[]): Promise<void> {
  const batch = newBatch();
  for (const event of events) addTo(batch, event);
  await writeRows(db, batch.rows);
}

/** writeBatch of events already made rows (eventRow). */
async function writeRows(db: Database, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    WITH batch AS (
      SELECT (b.ord - 1)::integer AS ord, (b.e->>0)::uuid AS environment_id, (b.e->>1)::uuid AS job_id,
        b.e->>2 AS kind, (b.e->>3)::integer AS position, b.e->>4 AS message_key,
        (b.e->>5)::bigint AS recipient_id, (b.e->>6)::boolean AS machine,
        to_timestamp((b.e->>7)::double precision / 1000) AS occurred_at,
        (b.e->>8)::boolean AS earliest, (b.e->>9)::boolean AS earliest_click
      FROM jsonb_array_elements(${`[${rows.join(',')}]`}::jsonb) WITH ORDINALITY AS b(e, ord)
    ), fresh AS (
      INSERT INTO ${analyticsFirsts} (job_id, kind, position, machine, message_key)
      SELECT job_id, kind, position, machine, message_key FROM batch WHERE earliest
      UNION ALL
      SELECT job_id, kind, ${anyLink}::integer, machine, message_key FROM batch WHERE earliest_click
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
    FROM batch r ORDER BY r.ord`);
}
