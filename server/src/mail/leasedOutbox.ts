import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Clock } from '../delivery/clock';
import { selectRows } from '../delivery/selectRows';

// The one way the rows of a mail outbox (rsvp/mailOutbox.ts, signUp/mailOutbox.ts) are taken and settled.
// Rows are taken in batches under a lease with SKIP LOCKED: two processes never take the same row, and a
// crashed sender's rows are taken over once their lease has run out. A batch that takes longer than half
// its lease gives its unsent rows back untried, so that, while each send takes less than half the lease,
// no lease runs out while its row waits; a give-back or retry after a lease ran out anyway (a send that
// hung) leaves the row to whoever holds it now. A row is marked sent (or closed unsent, with why) in the
// statement after the mail server's answer; a temporary failure waits `retryDelayMs` times the row's
// attempts, and after `maxAttempts` the row is no longer taken (its last error says why). The one gap no
// SMTP client can close is a crash between the server's '250 OK' and the mark: each outbox fixes a row's
// Message-ID by its id, so the message then goes once more, recognisably the same.

/** The columns every outbox row has; a sender's own columns come as they are named in the table. */
export interface LeasedRow {
  id: number;
  /** This attempt included. */
  attempts: number;
  /** Until when this sender holds the row (set when it was taken, not a column the sender names). */
  leaseUntil: Date;
}

export interface LeasedOutboxSettings {
  /** The table, with the columns id, lease_until, attempts, sent_at and last_error. */
  table: string;
  /** The sender's own columns, returned with each taken row. */
  columns: readonly string[];
  leaseMs: number;
  maxAttempts: number;
  retryDelayMs: number;
  /** Rows taken at once; each is still sent and marked on its own. */
  batchSize: number;
}

/** What became of a row: sent, or not (closed, or left for a later attempt). */
export type RowOutcome = 'sent' | 'unsent';

export interface LeasedOutbox<Row extends LeasedRow> {
  /**
   * Sends every row that is due, a batch at a time: `prepare` reads what a batch's rows share once and
   * answers the sender of one row; answers how many were sent.
   */
  drain(
    db: Database,
    clock: Clock,
    prepare: (rows: readonly Row[]) => Promise<(row: Row) => Promise<RowOutcome>>,
  ): Promise<number>;
  /** How a sender settles one row it took. */
  settling(db: Database, row: Row, clock: Clock): RowSettling;
}

export interface RowSettling {
  /** After the mail server's '250 OK'. */
  markSent(): Promise<RowOutcome>;
  /** Never to be sent: closed with why (gone, unsubscribed, refused for good). */
  closeUnsent(why: string): Promise<RowOutcome>;
  /** A temporary failure: the row waits `retryDelayMs` times its attempts before it is taken again. */
  retryLater(why: string): Promise<RowOutcome>;
}

export function leasedOutbox<Row extends LeasedRow>(settings: LeasedOutboxSettings): LeasedOutbox<Row> {
  const { leaseMs, maxAttempts, retryDelayMs, batchSize } = settings;
  const table = sql.identifier(settings.table);
  const returning = sql.join(
    ['id', 'attempts', ...settings.columns].map((column) => sql.identifier(column)),
    sql`, `,
  );
  const byId = (rows: readonly Row[]): SQL =>
    sql`id IN (${sql.join(
      rows.map((row) => sql`${row.id}`),
      sql`, `,
    )})`;

  /** The oldest unsent rows no one holds (up to `batchSize`), taken under one lease, by id. */
  const claim = async (db: Database, now: Date): Promise<Row[]> => {
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const rows = await selectRows<Row>(
      db,
      sql`UPDATE ${table} SET lease_until = ${leaseUntil}, attempts = attempts + 1
          WHERE id IN (
            SELECT id FROM ${table}
            WHERE sent_at IS NULL AND attempts < ${maxAttempts} AND (lease_until IS NULL OR lease_until < ${now})
            ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)
          RETURNING ${returning}`,
    );
    // A bigserial: a string from PostgreSQL, a number from PGlite; a number here (it names the bounce address).
    return rows.map((row) => ({ ...row, id: Number(row.id), leaseUntil })).sort((a, b) => a.id - b.id);
  };

  /**
   * Gives rows back untried: their lease and this attempt undone, unless the lease ran out meanwhile (a
   * send that hung longer than the lease) and another sender holds them now.
   */
  const release = async (db: Database, rows: readonly Row[]) => {
    await db.execute(
      sql`UPDATE ${table} SET lease_until = NULL, attempts = attempts - 1
          WHERE ${byId(rows)} AND lease_until = ${rows[0].leaseUntil}`,
    );
  };

  return {
    async drain(db, clock, prepare) {
      let sent = 0;
      for (;;) {
        const claimedAt = clock.now().getTime();
        const rows = await claim(db, clock.now());
        if (rows.length === 0) return sent;
        const send = await prepare(rows);
        for (const [index, row] of rows.entries()) {
          if (index > 0 && clock.now().getTime() - claimedAt > leaseMs / 2) {
            await release(db, rows.slice(index));
            break;
          }
          if ((await send(row)) === 'sent') sent += 1;
        }
      }
    },
    settling: (db, row, clock) => {
      // Unconditional: a row sent or closed is done, whoever holds its lease now.
      const close = async (why: string | null): Promise<RowOutcome> => {
        await db.execute(
          sql`UPDATE ${table} SET sent_at = ${clock.now()}, last_error = ${why}, lease_until = NULL
              WHERE id = ${row.id}`,
        );
        return why === null ? 'sent' : 'unsent';
      };
      return {
        markSent: () => close(null),
        closeUnsent: (why) => close(why),
        async retryLater(why) {
          const until = new Date(clock.now().getTime() + retryDelayMs * row.attempts);
          // Only while this sender holds it: another's lease is not pushed back.
          await db.execute(
            sql`UPDATE ${table} SET last_error = ${why}, lease_until = ${until}
                WHERE id = ${row.id} AND lease_until = ${row.leaseUntil}`,
          );
          return 'unsent';
        },
      };
    },
  };
}
