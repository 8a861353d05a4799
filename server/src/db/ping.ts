import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** Asks the database for nothing: resolves when it answers, rejects when it cannot be reached. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
