/** Where publications are read in a browser without signing in: `/p/{environmentId}/{publicationId}`. */
export const webVersionPrefix = '/p';

/** The web version of a public publication, for anyone. */
export function publicWebVersionUrl(
  publicUrl: string,
  page: { environmentId: string; publicationId: string },
): string {
  return `${publicUrl}${webVersionPrefix}/${page.environmentId}/${page.publicationId}`;
}

/** One recipient's web version of a sent publication (public or not), by its signed token. */
export function personalWebVersionUrl(
  publicUrl: string,
  page: { environmentId: string; publicationId: string; token: string },
): string {
  return `${publicWebVersionUrl(publicUrl, page)}/${page.token}`;
}
