import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client';

/**
 * Runs one SQL statement through the driver under `db` (PGlite or the node-postgres pool) and answers
 * its rows as arrays, in the order of the select list. For the hottest reads only (a page of 250
 * subscribers): Drizzle's query building and per-column row mapping cost more there than the query
 * itself (docs/performance.md, goal 4), and arrays spare the driver an object per row. Values come as
 * the driver parses them: text, booleans and integers alike on both; select timestamps as text.
 * Needs the database handle itself, not a transaction.
 */
export async function queryRowArrays(db: Database, text: string, values: unknown[]): Promise<unknown[][]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool)
    return (await client.query<unknown[]>({ text, values, rowMode: 'array' })).rows;
  if (isPglite(client)) return (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
  throw new Error('queryRowArrays needs the database handle of PGlite or a node-postgres pool');
}

// Told apart by shape, not `instanceof`: PGlite is loaded only when it is the database (client.ts).
function isPglite(client: unknown): client is PGlite {
  return typeof client === 'object' && client !== null && 'waitReady' in client && 'query' in client;
}
