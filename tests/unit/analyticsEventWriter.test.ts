import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEventWriter, type TrackedEvent } from '../../server/src/analytics/eventWriter';
import type { Database } from '../../server/src/db/client';

const event = (index: number): TrackedEvent => ({
  environmentId: '00000000-0000-4000-8000-000000000001',
  jobId: '00000000-0000-4000-8000-000000000002',
  kind: index % 2 ? 'click' : 'open',
  position: index % 2 ? 0 : -1,
  messageKey: `a:key "${index}"`,
  recipientId: index % 3 ? null : index,
  machine: index % 5 === 0,
  occurredAt: new Date(1_800_000_000_000 + index),
});

/** A database whose writes wait until released; each write's batch is the JSON parameter's rows. */
function heldDatabase() {
  const dialect = new PgDialect();
  const batches: unknown[][] = [];
  const releases: (() => void)[] = [];
  const db = {
    execute(query: SQL) {
      const { params } = dialect.sqlToQuery(query);
      batches.push(JSON.parse(params[0] as string) as unknown[]);
      return new Promise<void>((resolve) => releases.push(resolve));
    },
  } as unknown as Database;
  const releaseAll = async () => {
    while (releases.length > 0) {
      releases.shift()!();
      // Let the writer take the next batch before looking again.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { db, batches, releases, releaseAll };
}

describe('event writer', () => {
  it('writes every event once, in order, one write at a time, taking what came during a write', async () => {
    const { db, batches, releases, releaseAll } = heldDatabase();
    const writer = createEventWriter(db, { batchSize: 2, flushMs: 60_000 });
    for (let index = 0; index < 2; index++) writer.add(event(index));
    // A full batch starts a write; what is added while it is under way starts none of its own.
    expect(batches).toHaveLength(1);
    for (let index = 2; index < 7; index++) writer.add(event(index));
    expect(batches).toHaveLength(1);
    expect(releases).toHaveLength(1);
    const closed = writer.close();
    await releaseAll();
    await closed;
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 2, 1]);
    expect(batches.flat()).toEqual(
      Array.from({ length: 7 }, (_, index) => {
        const { environmentId, jobId, kind, position, messageKey, recipientId, machine, occurredAt } =
          event(index);
        // Every event is its message's only one: the earliest of its keys in its batch.
        return [
          environmentId,
          jobId,
          kind,
          position,
          messageKey,
          recipientId,
          machine,
          occurredAt.getTime(),
          true,
          kind === 'click',
        ];
      }),
    );
  });

  it("marks a batch's earliest event of each 'first' key, and starts over in the next batch", async () => {
    const { db, batches, releaseAll } = heldDatabase();
    const writer = createEventWriter(db, { batchSize: 6, flushMs: 60_000 });
    const of = (
      kind: 'open' | 'click',
      position: number,
      messageKey: string,
      machine = false,
    ): TrackedEvent => ({
      ...event(0),
      kind,
      position,
      messageKey,
      machine,
    });
    writer.add(of('open', -1, 'a:one'));
    writer.add(of('open', -1, 'a:one'));
    // The same message's open by a machine is another key.
    writer.add(of('open', -1, 'a:one', true));
    writer.add(of('click', 0, 'a:one'));
    // Another link: its own first click, not the message's first click on any link.
    writer.add(of('click', 1, 'a:one'));
    writer.add(of('click', 0, 'a:two'));
    // The next batch: the database's firsts table decides across batches.
    writer.add(of('open', -1, 'a:one'));
    const closed = writer.close();
    await releaseAll();
    await closed;
    const marks = batches.map((batch) => batch.map((row) => (row as unknown[]).slice(8)));
    expect(marks).toEqual([
      [
        [true, false],
        [false, false],
        [true, false],
        [true, true],
        [true, false],
        [true, true],
      ],
      [[true, false]],
    ]);
  });

  it('keeps what a failed write left and writes it on the next flush', async () => {
    const dialect = new PgDialect();
    const written: unknown[][] = [];
    let fail = true;
    const db = {
      async execute(query: SQL) {
        const rows = JSON.parse(dialect.sqlToQuery(query).params[0] as string) as unknown[];
        if (fail) {
          fail = false;
          throw new Error('database gone');
        }
        written.push(rows);
      },
    } as unknown as Database;
    const writer = createEventWriter(db, { batchSize: 2, flushMs: 60_000 });
    const warn = console.warn;
    console.warn = () => {};
    try {
      for (let index = 0; index < 3; index++) writer.add(event(index));
      await writer.flush();
      await writer.close();
    } finally {
      console.warn = warn;
    }
    // The failed batch (the first two) is dropped with a warning; the third is written.
    expect(written.flat()).toHaveLength(1);
  });
});
