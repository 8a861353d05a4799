import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// The two searches of list reads: a substring anywhere in a few columns (small tables), and word
// prefixes against a full-text index (the subscribers of a list, up to 100,000 rows).

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

/**
 * The words of a search box as a prefix `tsquery` text (`piet:* & jans:*`), or undefined when it has
 * none. Words are runs of letters and digits, so nothing of the tsquery syntax can get through.
 */
export function prefixQuery(search: string | undefined): string | undefined {
  const words = (search ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}
