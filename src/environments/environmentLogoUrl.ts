/** The environment logo is shown at 80x80 (spec §9). */
export const environmentLogoSize = 80;

/**
 * The logo through the image CDN: `{cdnBase}/{environmentId}/{fileId}{extension}?w=&h=&mode=crop`
 * (spec §7). The available-environments call gives the logo's file id without an extension, so '.png'
 * is asked for; when the server ever hands out an id with its extension, that one is used.
 */
export function environmentLogoUrl(
  cdnBase: string,
  environmentId: string,
  fileIdToLogo: string,
  size: number = environmentLogoSize,
): string {
  const file = /\.[a-z0-9]{2,5}$/i.test(fileIdToLogo) ? fileIdToLogo : `${fileIdToLogo}.png`;
  const path = `${encodeURIComponent(environmentId)}/${encodeURIComponent(file)}`;
  return `${cdnBase}/${path}?w=${size}&h=${size}&mode=crop`;
}
