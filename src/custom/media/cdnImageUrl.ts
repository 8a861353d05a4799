/** Image sizes of spec §9. */
export const tilePreviewSize = { width: 400, height: 400 } as const;
export const detailPreviewSize = { width: 740, height: 500 } as const;

/**
 * A cropped image from the CDN (spec §7): `{cdnBase}/{environmentId}/{fileId}{extension}?w=&h=&mode=crop`.
 */
export function cdnImageUrl(
  cdnBase: string,
  environmentId: string,
  file: { id: string; extension: string },
  size: { width: number; height: number },
): string {
  const name = `${encodeURIComponent(file.id)}${encodeURIComponent(file.extension)}`;
  return `${cdnBase}/${encodeURIComponent(environmentId)}/${name}?w=${size.width}&h=${size.height}&mode=crop`;
}
