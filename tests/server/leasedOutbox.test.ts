import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../server/src/delivery/clock';
import { selectRows } from '../../server/src/delivery/selectRows';
import { leasedOutbox, type LeasedRow, type RowOutcome } from '../../server/src/mail/leasedOutbox';
import { openSeededDatabase, type SeededDatabase } from './support/seededDatabase';

// How every mail outbox takes and settles its rows (mail/leasedOutbox.ts), on an outbox table of the
// test's own (PGlite, or PostgreSQL with TEST_DATABASE_URL): the RSVP and sign-up outboxes are this module
// with their own tables and senders.

interface Row extends LeasedRow {
  address: string;
}

const settings = {
  table: 'test_mail_outbox',
  columns: ['address'],
  leaseMs: 60_000,
  maxAttempts: 3,
  retryDelayMs: 10_000,
  batchSize: 4,
} as const;
const outbox = leasedOutbox<Row>(settings);
const start = new Date('2026-11-30T09:00:00Z');

/** A clock that stands still until moved by hand. */
function handClock() {
  let now = start.getTime();
  const clock: Clock = { now: () => new Date(now), sleep: async () => {} };
  return { clock, move: (ms: number) => (now += ms) };
}

describe('leased mail outbox', () => {
  let seeded: SeededDatabase;

  beforeAll(async () => {
    seeded = await openSeededDatabase('dpp-leased-outbox-');
    await seeded.db.execute(sql`CREATE TABLE test_mail_outbox (
      id bigserial PRIMARY KEY, address text NOT NULL, lease_until timestamptz,
      attempts integer NOT NULL DEFAULT 0, sent_at timestamptz, last_error text)`);
  });
  afterAll(async () => {
    await seeded?.close();
  });
  beforeEach(async () => {
    await seeded.db.execute(sql`TRUNCATE test_mail_outbox`);
  });

  const queue = async (...addresses: string[]) => {
    for (const address of addresses)
      await seeded.db.execute(sql`INSERT INTO test_mail_outbox (address) VALUES (${address})`);
  };
  const rows = () =>
    selectRows<{ address: string; attempts: number; sent: boolean; last_error: string | null }>(
      seeded.db,
      sql`SELECT address, attempts, sent_at IS NOT NULL AS sent, last_error FROM test_mail_outbox ORDER BY id`,
    );
  /** Drains with a sender that answers each address's outcome and notes what it was asked to send. */
  const drain = async (clock: Clock, outcome: (row: Row) => Promise<RowOutcome> | RowOutcome) => {
    const asked: string[] = [];
    const sent = await outbox.drain(seeded.db, clock, async () => async (row) => {
      asked.push(row.address);
      return outcome(row);
    });
    return { sent, asked };
  };
  const send = (clock: Clock) => (row: Row) => outbox.settling(seeded.db, row, clock).markSent();

  it('sends every due row once, in batches, in the order queued, and takes none twice', async () => {
    await queue('a@proef.nl', 'b@proef.nl', 'c@proef.nl', 'd@proef.nl', 'e@proef.nl', 'f@proef.nl');
    const { clock } = handClock();
    const [first, second] = await Promise.all([drain(clock, send(clock)), drain(clock, send(clock))]);
    expect([...first.asked, ...second.asked].sort()).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => `${name}@proef.nl`),
    );
    expect(first.sent + second.sent).toBe(6);
    expect((await rows()).map((row) => [row.attempts, row.sent, row.last_error])).toEqual(
      Array.from({ length: 6 }, () => [1, true, null]),
    );
    expect(await drain(clock, send(clock))).toEqual({ sent: 0, asked: [] });
  });

  it('a temporary failure waits its delay times its attempts, and a row stops being taken after the last attempt', async () => {
    await queue('traag@proef.nl');
    const { clock, move } = handClock();
    const refuse = (row: Row) => outbox.settling(seeded.db, row, clock).retryLater('451 Probeer het later');
    expect((await drain(clock, refuse)).asked).toEqual(['traag@proef.nl']);
    // First attempt: it waits 10 s.
    move(9_999);
    expect((await drain(clock, refuse)).asked).toEqual([]);
    move(2);
    expect((await drain(clock, refuse)).asked).toEqual(['traag@proef.nl']);
    // Second attempt: 20 s.
    move(19_999);
    expect((await drain(clock, refuse)).asked).toEqual([]);
    move(2);
    expect((await drain(clock, refuse)).asked).toEqual(['traag@proef.nl']);
    // That was the third and last attempt.
    move(3_600_000);
    expect((await drain(clock, refuse)).asked).toEqual([]);
    expect(await rows()).toEqual([
      { address: 'traag@proef.nl', attempts: 3, sent: false, last_error: '451 Probeer het later' },
    ]);
  });

  it('a row closed unsent keeps why and is not taken again', async () => {
    await queue('weg@proef.nl');
    const { clock, move } = handClock();
    const closeUnsent = (row: Row) =>
      outbox.settling(seeded.db, row, clock).closeUnsent('550 Onbekend adres');
    expect(await drain(clock, closeUnsent)).toEqual({ sent: 0, asked: ['weg@proef.nl'] });
    move(3_600_000);
    expect((await drain(clock, closeUnsent)).asked).toEqual([]);
    expect(await rows()).toEqual([
      { address: 'weg@proef.nl', attempts: 1, sent: true, last_error: '550 Onbekend adres' },
    ]);
  });

  it("a crashed sender's rows are taken over once its lease has run out", async () => {
    await queue('over@proef.nl');
    const { clock, move } = handClock();
    // A sender took the row and stopped before it sent or settled it.
    const crashed = outbox.drain(seeded.db, clock, async () => {
      throw new Error('gestopt');
    });
    await expect(crashed).rejects.toThrow('gestopt');
    move(59_999);
    expect((await drain(clock, send(clock))).asked).toEqual([]);
    move(2);
    expect(await drain(clock, send(clock))).toEqual({ sent: 1, asked: ['over@proef.nl'] });
    expect(await rows()).toEqual([{ address: 'over@proef.nl', attempts: 2, sent: true, last_error: null }]);
  });

  it('a send that hung past the lease gives back no row another sender has taken meanwhile', async () => {
    await queue('hangt@proef.nl', 'wacht@proef.nl');
    const { clock, move } = handClock();
    const asked: string[] = [];
    await outbox.drain(seeded.db, clock, async () => async (row) => {
      asked.push(row.address);
      if (row.address === 'hangt@proef.nl') {
        // The first send hangs past the lease; meanwhile another sender takes the row still waiting.
        move(70_000);
        await seeded.db.execute(sql`UPDATE test_mail_outbox
          SET lease_until = ${new Date(clock.now().getTime() + 60_000)}, attempts = attempts + 1
          WHERE address = 'wacht@proef.nl'`);
      }
      return outbox.settling(seeded.db, row, clock).markSent();
    });
    // This sender left the other's row alone: not given back, not taken again, not sent twice.
    expect(asked).toEqual(['hangt@proef.nl']);
    expect((await rows()).map((row) => [row.address, row.attempts, row.sent])).toEqual([
      ['hangt@proef.nl', 1, true],
      ['wacht@proef.nl', 2, false],
    ]);
  });

  it('a batch that takes longer than half its lease gives its unsent rows back untried: each is sent once', async () => {
    await queue('p@proef.nl', 'q@proef.nl', 'r@proef.nl', 's@proef.nl');
    // Every reading of this clock is 20 s after the last: half the lease passes after each batch's first send.
    let now = start.getTime();
    const slow: Clock = { now: () => new Date((now += 20_000)), sleep: async () => {} };
    const batches: string[][] = [];
    const sent = await outbox.drain(seeded.db, slow, async (rows) => {
      batches.push(rows.map((row) => row.address));
      return send(slow);
    });
    expect(sent).toBe(4);
    // Each batch sent its first row and gave the others back, which the next batch took at once.
    expect(batches).toEqual([
      ['p@proef.nl', 'q@proef.nl', 'r@proef.nl', 's@proef.nl'],
      ['q@proef.nl', 'r@proef.nl', 's@proef.nl'],
      ['r@proef.nl', 's@proef.nl'],
      ['s@proef.nl'],
    ]);
    // Given back untried: no attempt counted for the rows a batch did not send.
    expect((await rows()).map((row) => [row.attempts, row.sent])).toEqual([
      [1, true],
      [1, true],
      [1, true],
      [1, true],
    ]);
  });
});
