import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as pglite from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPgliteStatements } from '../../server/src/db/pgliteStatements';

// PGlite's `query` with its statements kept by text (db/pgliteStatements.ts): it must answer exactly as
// PGlite's own `query`, errors included, parse a text once, stay within its limit, and never run inside
// another caller's transaction. On PGlite whatever TEST_DATABASE_URL says: it is PGlite's own driver.

const keptNames = async (client: pglite.PGlite) =>
  (
    await client.exec(
      `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'dpp\\_%' ORDER BY statement`,
    )
  )[0].rows.map((row) => (row as { statement: string }).statement);

describe('PGlite statements kept by their text', () => {
  let directory: string;
  let client: pglite.PGlite;
  let plainQuery: pglite.PGlite['query'];

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'dpp-pglite-statements-'));
    client = await pglite.PGlite.create(directory);
    plainQuery = client.query.bind(client);
    keepPgliteStatements(client, pglite, 4);
    await client.exec(`CREATE TABLE kinds (
      id uuid PRIMARY KEY, at timestamptz, doc jsonb, big bigint, tags text[], amount numeric,
      ok boolean, note text UNIQUE)`);
    await client.query(
      `INSERT INTO kinds VALUES ($1, $2, $3, $4, $5, $6, $7, $8), ($9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        '0f6c3e9a-58a4-4d36-9a57-6a8f0c1f6b2e',
        new Date('2026-11-30T09:00:00Z'),
        { a: [1, 'twee'] },
        '9007199254740993',
        ['x', 'y'],
        '12.50',
        true,
        'één',
        '4b1d0c1e-2f9e-4d0a-8a54-0c3f2c1b7a10',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
      ],
    );
  });
  afterAll(async () => {
    await client?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it("answers as PGlite's own query: rows, types, fields and counts, in both row modes", async () => {
    const select = 'SELECT * FROM kinds WHERE id = ANY($1::uuid[]) OR note = $2 ORDER BY id';
    const params = [['0f6c3e9a-58a4-4d36-9a57-6a8f0c1f6b2e', '4b1d0c1e-2f9e-4d0a-8a54-0c3f2c1b7a10'], 'x'];
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const kept = await client.query(select, params, options);
      expect(kept).toEqual(await plainQuery(select, params, options));
      expect(kept.rows).toHaveLength(2);
      // Asked again: from the kept statement, the same answer.
      expect(await client.query(select, params, options)).toEqual(kept);
    }
    const update = 'UPDATE kinds SET ok = $1 WHERE note IS NULL';
    expect(await client.query(update, [false])).toEqual(await plainQuery(update, [false]));
  });

  it('parses a text once, however often it is asked', async () => {
    const text = 'SELECT count(*)::int AS n FROM kinds WHERE ok = $1';
    for (let call = 0; call < 10; call++) expect((await client.query(text, [true])).rows).toEqual([{ n: 1 }]);
    expect((await keptNames(client)).filter((statement) => statement === text)).toHaveLength(1);
  });

  it('keeps no more statements than its limit, the least recently used closed first', async () => {
    const texts = [1, 2, 3, 4, 5, 6].map((n) => `SELECT ${n} + $1::int AS n`);
    for (const text of texts) await client.query(text, [1]);
    expect(await keptNames(client)).toEqual(texts.slice(2).sort());
    // A closed one is parsed again when asked.
    expect((await client.query(texts[0], [1])).rows).toEqual([{ n: 2 }]);
    expect(await keptNames(client)).toContain(texts[0]);
  });

  it("fails as PGlite's own query does, and the statement stays for the next call", async () => {
    const insert = 'INSERT INTO kinds (id, note) VALUES ($1, $2)';
    const twice = client.query(insert, ['5e0a7a3c-1d6f-4f55-b1f4-3b7e7a2c9d01', 'één']);
    await expect(twice).rejects.toMatchObject({ code: '23505', query: insert });
    await expect(twice).rejects.toBeInstanceOf(pglite.messages.DatabaseError);
    await expect(
      client.query(insert, ['5e0a7a3c-1d6f-4f55-b1f4-3b7e7a2c9d01', 'twee']),
    ).resolves.toMatchObject({ affectedRows: 1 });
    await expect(client.query(insert, ['geen uuid', 'drie'])).rejects.toMatchObject({ code: '22P02' });
    expect(await keptNames(client)).toContain(insert);
  });

  it("a kept statement whose table changed under it answers with the table's new shape", async () => {
    const all = 'SELECT * FROM kinds WHERE note = $1';
    expect(Object.keys((await client.query(all, ['twee'])).rows[0] as object)).not.toContain('extra');
    await client.exec(`ALTER TABLE kinds ADD COLUMN extra text DEFAULT 'nieuw'`);
    expect((await client.query(all, ['twee'])).rows[0]).toMatchObject({ note: 'twee', extra: 'nieuw' });
  });

  it("waits for another caller's transaction instead of running inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInTransaction = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('INSERT INTO kinds (id, note) VALUES ($1, $2)', [
        '7c2f5b1a-9d3e-4a8b-8f6c-2e1d0b9a8c77',
        'in transactie',
      ]);
      inserted();
      await held;
      await tx.rollback();
    });
    await insertedInTransaction;
    const counted = client.query<{ n: number }>('SELECT count(*)::int AS n FROM kinds WHERE note = $1', [
      'in transactie',
    ]);
    release();
    await transaction;
    // Had it run inside the transaction, it would have seen the row that was rolled back.
    expect((await counted).rows).toEqual([{ n: 0 }]);
  });
});
