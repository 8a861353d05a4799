import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { badRequest } from '../errors';

// Questions of a form and options of a question are kept in order by `position`, always 0..n-1: adding
// appends, deleting and reordering renumber. Each change runs in a transaction that first locks the
// parent's row, so two changes of one parent never interleave.

interface OrderedTable {
  table: PgTable;
  id: AnyPgColumn;
  parentId: AnyPgColumn;
  position: AnyPgColumn;
}

/** The position after the last child of `parentId`, as a SQL expression for an INSERT. */
export function nextPosition({ table, parentId, position }: OrderedTable, parent: string) {
  return sql<number>`(SELECT coalesce(max(${position}) + 1, 0) FROM ${table} WHERE ${parentId} = ${parent})::int`;
}

/** Closes the gap a deleted child at `removedPosition` left. */
export async function closeGap(
  tx: Database,
  { table, parentId, position }: OrderedTable,
  parent: string,
  removedPosition: number,
): Promise<void> {
  await tx.execute(sql`
    UPDATE ${table} SET ${sql.identifier(position.name)} = ${position} - 1
    WHERE ${parentId} = ${parent} AND ${position} > ${removedPosition}`);
}

/**
 * Puts the children of `parent` in the order of `ids`, which must name each of its `current` children
 * exactly once (else 400 naming `field`), so a client working from a stale list cannot lose or
 * duplicate one.
 */
export async function applyOrder(
  tx: Database,
  { table, id, parentId, position }: OrderedTable,
  parent: string,
  order: { ids: readonly string[]; current: readonly string[]; field: string; message: string },
): Promise<void> {
  const known = new Set(order.current);
  const wanted = order.ids.map((value) => value.toLowerCase());
  const complete =
    wanted.length === known.size &&
    new Set(wanted).size === wanted.length &&
    wanted.every((value) => known.has(value));
  if (!complete) throw badRequest(order.field, order.message);
  if (wanted.length === 0) return;
  const positions = sql.join(
    wanted.map((value, index) => sql`(${value}::uuid, ${index}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${table} SET ${sql.identifier(position.name)} = ordered.position
    FROM (VALUES ${positions}) AS ordered(id, position)
    WHERE ${id} = ordered.id AND ${parentId} = ${parent}`);
}
