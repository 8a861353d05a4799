import { asc, eq } from 'drizzle-orm';
import type { AvailableEnvironments } from '../contract/environment';
import type { Database } from '../db/client';
import { environmentMembers, environments, themes } from '../db/schema';

/** The environments a user is a member of, by name, each with its logo (theme null while it has none). */
export async function listMemberEnvironments(db: Database, userId: string): Promise<AvailableEnvironments> {
  const rows = await db
    .select({
      id: environments.id,
      name: environments.name,
      themeId: themes.id,
      fileIdToLogo: themes.fileIdToLogo,
    })
    .from(environmentMembers)
    .innerJoin(environments, eq(environments.id, environmentMembers.environmentId))
    .leftJoin(themes, eq(themes.environmentId, environments.id))
    .where(eq(environmentMembers.userId, userId))
    .orderBy(asc(environments.name));
  return rows.map((row) => ({
    environment: { id: row.id, name: row.name },
    theme: row.themeId ? { fileIdToLogo: row.fileIdToLogo } : null,
  }));
}
