import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listImports, lists, subscribers } from '../../server/src/db/schema';
import { importFileKey } from '../../server/src/media/keys';
import { LocalDiskStore } from '../../server/src/media/localDiskStore';
import { writeImportBatch, type ImportBatch } from '../../server/src/receivers/importBatch';
import { removeAbandonedImportFiles } from '../../server/src/receivers/importFileReconciliation';
import { claimImport, renewImportLease, unattendedImports } from '../../server/src/receivers/importLeases';
import { finishImport } from '../../server/src/receivers/listImports';
import { environmentIds } from '../../server/src/seed/ids';
import { openSeededDatabase, type SeededDatabase } from './support/seededDatabase';

// Which instance runs an import (receivers/importLeases.ts), on the area modules with a clock of the
// test's own: a live lease is left alone, an expired one is claimed with the import's cursor, and the
// instance that lost it commits nothing more. And the import files reconciliation removes.
const env = environmentIds.zuiderveen;
const leaseMs = 30_000;
const second = 1000;

describe('import leases and import file reconciliation', () => {
  let seeded: SeededDatabase;

  beforeAll(async () => {
    seeded = await openSeededDatabase('dpp-import-leases-');
  });
  afterAll(async () => {
    await seeded?.close();
  });

  /** A running import of a new list, held by `owner` until `leaseUntil`, with `rowsDone` committed. */
  async function runningImport(owner: string, leaseUntil: Date, rowsDone = 0) {
    const [list] = await seeded.db
      .insert(lists)
      .values({ environmentId: env, title: `Lease ${randomUUID()}` })
      .returning();
    const [row] = await seeded.db
      .insert(listImports)
      .values({
        environmentId: env,
        listId: list.id,
        mode: 'add',
        mapping: { 0: 'email' },
        fileName: 'leden.csv',
        fileBytes: 100,
        rowsDone,
        leaseOwner: owner,
        leaseUntil,
      })
      .returning();
    return row;
  }

  const batchOf = (row: { id: string; listId: string }, owner: string, email: string): ImportBatch => ({
    importId: row.id,
    owner,
    environmentId: env,
    listId: row.listId,
    mode: 'add',
    written: ['email', 'name'],
    overwritten: ['name'],
    rows: JSON.stringify([{ email, name: 'Lid' }]),
    validRows: 1,
    refusals: [],
    optedOut: [],
    optedOutCause: null,
    duplicatesInFile: 0,
    rowCount: 1,
    bytesRead: 50,
  });

  const importRow = async (id: string) =>
    (await seeded.db.select().from(listImports).where(eq(listImports.id, id)))[0]!;

  it('leaves a live lease alone; once it expired another instance claims the import at its committed cursor', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const row = await runningImport('a', new Date(now.getTime() + leaseMs), 4);

    expect(await unattendedImports(seeded.db, now)).not.toContain(row.id);
    expect(await claimImport(seeded.db, row.id, 'b', now, leaseMs)).toBeUndefined();

    const later = new Date(now.getTime() + leaseMs + second);
    expect(await unattendedImports(seeded.db, later)).toContain(row.id);
    const claimed = await claimImport(seeded.db, row.id, 'b', later, leaseMs);
    expect(claimed).toMatchObject({ id: row.id, leaseOwner: 'b', rowsDone: 4, status: 'Bezig' });
    expect(claimed!.leaseUntil!.getTime()).toBe(later.getTime() + leaseMs);
    // Claimed once: a third instance sweeping at the same moment finds it held.
    expect(await claimImport(seeded.db, row.id, 'c', later, leaseMs)).toBeUndefined();
  });

  it('commits nothing from the instance that lost the lease, and only the holder renews and ends the import', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const row = await runningImport('a', new Date(now.getTime() - second));
    await claimImport(seeded.db, row.id, 'b', now, leaseMs);

    // A stalled past its lease and woke up: its batch is rolled back whole.
    expect(await writeImportBatch(seeded.db, batchOf(row, 'a', 'van-a@voorbeeld.nl'))).toBe(false);
    expect(await renewImportLease(seeded.db, row.id, 'a', now, leaseMs)).toBe(false);
    expect(await finishImport(seeded.db, row.id, 'a', 'Voltooid')).toBe(false);
    const listed = () =>
      seeded.db
        .select({ email: subscribers.email })
        .from(subscribers)
        .where(eq(subscribers.listId, row.listId));
    expect(await listed()).toEqual([]);
    expect(await importRow(row.id)).toMatchObject({ status: 'Bezig', rowsDone: 0, added: 0 });

    expect(await writeImportBatch(seeded.db, batchOf(row, 'b', 'van-b@voorbeeld.nl'))).toBe(true);
    expect(await renewImportLease(seeded.db, row.id, 'b', now, leaseMs)).toBe(true);
    expect(await finishImport(seeded.db, row.id, 'b', 'Voltooid')).toBe(true);
    expect(await listed()).toEqual([{ email: 'van-b@voorbeeld.nl' }]);
    expect(await importRow(row.id)).toMatchObject({
      status: 'Voltooid',
      rowsDone: 1,
      added: 1,
      leaseOwner: null,
      leaseUntil: null,
    });
  });

  it("removes import files no running import needs once older than the grace period, never a running import's", async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'dpp-import-files-'));
    const store = new LocalDiskStore(root);
    try {
      await store.open();
      const now = new Date();
      const running = await runningImport('a', new Date(now.getTime() + leaseMs));
      const ended = await runningImport('a', new Date(now.getTime() + leaseMs));
      await finishImport(seeded.db, ended.id, 'a', 'Voltooid');
      const keys = {
        running: importFileKey(env, running.id),
        ended: importFileKey(env, ended.id),
        // An upload whose start was cut short before its import's record was written.
        orphan: importFileKey(env, randomUUID()),
      };
      for (const key of Object.values(keys)) {
        const staged = await store.stage(key, Readable.from([Buffer.from('naam;email\n')]));
        await staged.commit();
      }
      const grace = { graceMs: 24 * 60 * 60 * 1000 };
      const stored = async () => {
        const found: string[] = [];
        for await (const key of store.list('imports')) found.push(key);
        return found.sort();
      };

      // Younger than the grace period: maybe another instance's upload whose record is on its way.
      expect(await removeAbandonedImportFiles(seeded.db, store, { ...grace, now: () => now.getTime() })).toBe(
        0,
      );
      expect(await stored()).toEqual(Object.values(keys).sort());

      const dayLater = () => now.getTime() + grace.graceMs + second;
      expect(await removeAbandonedImportFiles(seeded.db, store, { ...grace, now: dayLater })).toBe(2);
      expect(await stored()).toEqual([keys.running]);
    } finally {
      store.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
