/** The parts of the configuration image URLs are built from (see config.ts). */
export interface CdnLocation {
  publicUrl: string;
  cdnBase: string;
}

/** The absolute CDN base: CDN_BASE as it is when absolute, else behind the public URL (`/cdn`). */
export function absoluteCdnBase({ publicUrl, cdnBase }: CdnLocation): string {
  return /^https?:\/\//i.test(cdnBase) ? cdnBase : `${publicUrl}${cdnBase}`;
}

/**
 * The absolute URL of an image on the CDN at a size (spec §7: CDN base + environment + file id with
 * extension, query w, h and mode). `crop` fills the size exactly; without it the image fits inside.
 */
export function cdnImageUrl(
  location: CdnLocation,
  image: { environmentId: string; fileId: string; extension: string },
  size: { width: number; height: number; crop: boolean },
): string {
  const query = `w=${size.width}&h=${size.height}${size.crop ? '&mode=crop' : ''}`;
  return `${absoluteCdnBase(location)}/${image.environmentId}/${image.fileId}${image.extension}?${query}`;
}
