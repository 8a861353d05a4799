import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

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

/** `column @@ to_tsquery('simple', …)`: every word of the search starts a word of the document. */
export function matchesPrefixQuery(document: PgColumn, query: string): SQL {
  return sql`${document} @@ to_tsquery('simple'::regconfig, ${query})`;
}

/** Case-insensitive substring test without LIKE wildcards (for small tables such as lists). */
export function containsText(column: PgColumn, search: string): SQL {
  return sql`strpos(lower(${column}), ${search.toLowerCase()}) > 0`;
}
