import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

/** The rows of a raw statement; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Pick<Database, 'execute'>, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
