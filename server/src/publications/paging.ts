import { asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The page parameters every list read of this area accepts (limit max 250, enforced by the contract). */
export interface PagingInput {
  offset?: number;
  limit?: number;
  order?: 'ASC' | 'DESC';
}

export const defaultPageSize = 250;

/** The ORDER BY of a list read: the chosen column in the chosen direction, then a unique tie-breaker. */
export function orderBy(column: SQLWrapper, tieBreaker: SQLWrapper, order: 'ASC' | 'DESC'): SQL[] {
  const direction = order === 'DESC' ? desc : asc;
  return [direction(column), direction(tieBreaker)];
}

/** `count(*) OVER ()`: the number of matching rows before OFFSET/LIMIT, selected next to each row. */
export const totalMatches = sql<number>`(count(*) OVER ())::int`;

/**
 * The total of a page read with `totalMatches`: taken from the first row; a page past the end has no
 * row to read it from, so `countAll` is asked then (only when offset > 0).
 */
export async function pageTotal(
  rows: ReadonlyArray<{ total: number }>,
  offset: number,
  countAll: () => Promise<number>,
): Promise<number> {
  if (rows.length > 0) return Number(rows[0].total);
  return offset > 0 ? countAll() : 0;
}
