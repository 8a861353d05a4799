import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { publicArchiveSettings } from '../db/schema';

// Whether an environment's public archive is on. Off until staff turn it on: a publication marked public
// is then reachable by its own link only, as before the archive existed.

export interface ArchiveSetting {
  enabled: boolean;
  /** When it was last changed (null while never set): the feed's `updated` while it has no entries. */
  updatedAt: Date | null;
}

export async function archiveSettingOf(db: Database, environmentId: string): Promise<ArchiveSetting> {
  const [row] = await db
    .select({ enabled: publicArchiveSettings.enabled, updatedAt: publicArchiveSettings.updatedAt })
    .from(publicArchiveSettings)
    .where(eq(publicArchiveSettings.environmentId, environmentId));
  return row ?? { enabled: false, updatedAt: null };
}

export async function setArchiveSetting(
  db: Database,
  environmentId: string,
  enabled: boolean,
  userId: string,
): Promise<void> {
  const values = { enabled, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(publicArchiveSettings)
    .values({ environmentId, ...values })
    .onConflictDoUpdate({ target: publicArchiveSettings.environmentId, set: values });
}
