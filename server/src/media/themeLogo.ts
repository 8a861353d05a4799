import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { themes } from '../db/schema';
import { ApiError } from '../errors';

/**
 * The theme shows one media file as the environment's logo (the sidebar, the environments page). It
 * refers to the file without a foreign key, so that the media area stays independent; this check takes
 * the key's place: the logo, or a folder that holds it, cannot be deleted. The theme row is locked, as
 * setting a logo locks it (themes/themes.ts): a logo cannot be set to a file while it is being deleted.
 */
export async function refuseDeletingThemeLogo(
  tx: Database,
  environmentId: string,
  fileIds: string[],
  refusal: { field: string; message: string },
): Promise<void> {
  if (fileIds.length === 0) return;
  const [theme] = await tx
    .select({ fileIdToLogo: themes.fileIdToLogo })
    .from(themes)
    .where(eq(themes.environmentId, environmentId))
    .for('update');
  if (theme?.fileIdToLogo && fileIds.includes(theme.fileIdToLogo)) {
    throw new ApiError(409, refusal.message, refusal.field);
  }
}

export const logoFileRefusal = {
  field: 'fileId',
  message: 'Dit bestand is het logo van de omgeving en kan daarom niet worden verwijderd.',
};

export const logoFolderRefusal = {
  field: 'directoryId',
  message: 'In deze map staat het logo van de omgeving; de map kan daarom niet worden verwijderd.',
};
