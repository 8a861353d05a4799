import { asc, desc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { environments } from '../db/schema';

/** The environment marked default, else the oldest one; undefined on an empty platform. */
export async function findDefaultEnvironmentId(db: Database): Promise<string | undefined> {
  const [row] = await db
    .select({ id: environments.id })
    .from(environments)
    .orderBy(desc(environments.isDefault), asc(environments.createdAt), asc(environments.id))
    .limit(1);
  return row?.id;
}
