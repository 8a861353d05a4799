// Paging limits as plain values, so the console can import them at run time without loading TypeBox.

/** Rows per page of every list read: the console's tables ask this many (spec §2, §9), the API allows no more. */
export const pageSize = 250;

/**
 * The highest `offset` a list read accepts: far beyond any table a person pages through, and far below
 * PostgreSQL's bigint, whose overflow (an offset of 2^63) used to answer 500.
 */
export const maxOffset = 1_000_000;
