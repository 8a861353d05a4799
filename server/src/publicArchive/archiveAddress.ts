/** Where an environment's public archive is read without signing in: `/a/{environmentId}`. */
export const publicArchivePrefix = '/a';

/** The archive's page of an environment. */
export function publicArchiveUrl(publicUrl: string, environmentId: string): string {
  return `${publicUrl}${publicArchivePrefix}/${environmentId}`;
}

/** The archive's Atom feed (RFC 4287) of an environment. */
export function publicArchiveFeedUrl(publicUrl: string, environmentId: string): string {
  return `${publicArchiveUrl(publicUrl, environmentId)}/feed.xml`;
}
