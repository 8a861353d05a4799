import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Escapes the LIKE wildcards of user input so that `%`, `_` and `\` match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A condition that is true when any of the columns contains the search text (case-insensitive);
 * undefined when there is nothing to search for, so it can be passed to `and()` as is.
 */
export function containsText(search: string | undefined, ...columns: SQLWrapper[]): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const conditions = columns.map((column) => sql`${column} ILIKE ${pattern}`);
  return sql`(${sql.join(conditions, sql` OR `)})`;
}
