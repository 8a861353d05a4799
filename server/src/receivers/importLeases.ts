import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { listImports } from '../db/schema/listImports';

// Which instance runs a list import: the one holding its lease (owner + expiry), renewed while it works.
// Each change is one conditional UPDATE, so two instances can never both hold an import. An instance that
// dies stops renewing; once the lease has expired another instance claims the import and resumes it from
// its last committed batch (`rowsDone`, committed with the batch). A batch commits only while its writer
// still holds the lease (importBatch.ts), so an instance that stalled past its lease and was taken over
// writes nothing more.

type ImportRow = typeof listImports.$inferSelect;

/** The lease a new import starts with: the instance that received the file runs it at once. */
export function newImportLease(owner: string, now: Date, leaseMs: number) {
  return { leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) };
}

/** Claims a running import nobody holds (lease expired or released) for `owner`: its record, or undefined. */
export async function claimImport(
  db: Database,
  importId: string,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<ImportRow | undefined> {
  const [claimed] = await db
    .update(listImports)
    .set(newImportLease(owner, now, leaseMs))
    .where(
      and(
        eq(listImports.id, importId),
        eq(listImports.status, 'Bezig'),
        or(isNull(listImports.leaseUntil), lt(listImports.leaseUntil, now)),
      ),
    )
    .returning();
  return claimed;
}

/** Running imports whose instance is gone (lease expired) or gave them up (lease released). */
export async function unattendedImports(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: listImports.id })
    .from(listImports)
    .where(
      and(
        eq(listImports.status, 'Bezig'),
        or(isNull(listImports.leaseUntil), lt(listImports.leaseUntil, now)),
      ),
    );
  return rows.map((row) => row.id);
}

/** Extends the owner's lease; false when the import is no longer the owner's (taken over, or ended). */
export async function renewImportLease(
  db: Database,
  importId: string,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const renewed = await db
    .update(listImports)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(eq(listImports.id, importId), eq(listImports.leaseOwner, owner), eq(listImports.status, 'Bezig')),
    )
    .returning({ id: listImports.id });
  return renewed.length > 0;
}

/** Gives up the lease without ending the import (the instance stops): another one goes on at once. */
export async function releaseImportLease(db: Database, importId: string, owner: string): Promise<void> {
  await db
    .update(listImports)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(listImports.id, importId), eq(listImports.leaseOwner, owner)));
}

/**
 * Releases every lease: only for the embedded database, whose data-directory lock guarantees that the
 * process starting now is the only one, so any lease found is a dead process's.
 */
export async function releaseAllImportLeases(db: Database): Promise<void> {
  await db
    .update(listImports)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(isNotNull(listImports.leaseOwner));
}
