/** The public web version of a publication (server route `/p/{environmentId}/{publicationId}`). */
export function webVersionUrl(baseUrl: string, environmentId: string, publicationId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/p/${encodeURIComponent(environmentId)}/${encodeURIComponent(publicationId)}`;
}
