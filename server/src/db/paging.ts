import { asc, desc, type SQL, type SQLWrapper } from 'drizzle-orm';

// One way to read a page of a list: ORDER BY the chosen key and a unique tie-breaker, OFFSET/LIMIT
// as the contract bounds them (contract/common.ts), and the total of matches from a count(*) with the
// same WHERE, asked next to the page. (A count(*) OVER () in the page query would make PostgreSQL
// read every match before LIMIT, where an index could stop at the page's last row.)

/** The ORDER BY of a list read: the chosen key in the chosen direction, then a unique tie-breaker. */
export function orderBy(key: SQLWrapper, tieBreaker: SQLWrapper, order: 'ASC' | 'DESC'): SQL[] {
  const direction = order === 'DESC' ? desc : asc;
  return [direction(key), direction(tieBreaker)];
}

/** A page and the number of matches, asked at once (PGlite runs them one after the other). */
export async function readPage<Row>(
  rows: Promise<Row[]>,
  total: Promise<Array<{ total: number }>> | number,
): Promise<{ rows: Row[]; total: number }> {
  const [pageRows, counted] = await Promise.all([rows, total]);
  return { rows: pageRows, total: typeof counted === 'number' ? counted : Number(counted[0]?.total ?? 0) };
}
