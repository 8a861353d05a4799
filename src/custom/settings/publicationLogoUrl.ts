/** Publications show the logo 160 px wide in their header (server/src/publications/publicationRendering.ts). */
export const publicationLogoWidth = 160;

/**
 * The logo as publications fetch it from the CDN: twice the shown size for sharp screens, fitted, never
 * cropped (`?w=320&h=160`). Like the sidebar's, the file id without extension is asked for as '.png'.
 */
export function publicationLogoUrl(cdnBase: string, environmentId: string, fileId: string): string {
  const file = /\.[a-z0-9]{2,5}$/i.test(fileId) ? fileId : `${fileId}.png`;
  return `${cdnBase}/${encodeURIComponent(environmentId)}/${encodeURIComponent(file)}?w=${publicationLogoWidth * 2}&h=${publicationLogoWidth}`;
}
