/**
 * The sizes the CDN renders. The CDN is public and any URL may ask any size, so asked sides are rounded up
 * to a fixed ladder: asks that differ by a pixel share one rendition (a cache hit, not a new render), and
 * one image has a bounded number of renditions. The spec's sizes (740x500, 400x400, 80x80) are on it.
 */
export const renditionSides = [
  16, 24, 32, 48, 64, 80, 96, 120, 160, 200, 240, 320, 400, 500, 600, 740, 800, 960, 1200, 1600, 2000, 2400,
  3200, 4000,
] as const;

/** Largest width or height the CDN renders (larger asks answer 400). */
export const maxRenditionSide = renditionSides[renditionSides.length - 1];

/** What the CDN renders: either side may be left out; `crop` fills the box exactly (cover). */
export interface RenditionSpec {
  width?: number;
  height?: number;
  crop: boolean;
}

/** The rendition for an asked size: each side rounded up to the ladder. */
export function renditionSpecFor(asked: { w?: number; h?: number; mode?: 'crop' }): RenditionSpec {
  return { width: snapSide(asked.w), height: snapSide(asked.h), crop: asked.mode === 'crop' };
}

/** The name a rendition is cached under; it also feeds the ETag. */
export function renditionVariant(spec: RenditionSpec): string {
  return `${spec.width ?? 'auto'}x${spec.height ?? 'auto'}-${spec.crop ? 'crop' : 'fit'}`;
}

/**
 * The box to render for an image of `source` size: never larger than the image. A crop box larger than
 * the image shrinks as a whole (keeping its proportions) until it fits, so a small image asked at
 * 4000x4000 is answered at its own size instead of being enlarged.
 */
export function boxWithinSource(
  spec: RenditionSpec,
  source: { width: number; height: number },
): { width?: number; height?: number } {
  const { width, height } = spec;
  if (width !== undefined && height !== undefined && spec.crop) {
    const scale = Math.min(1, source.width / width, source.height / height);
    return {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
    };
  }
  return {
    width: width === undefined ? undefined : Math.min(width, source.width),
    height: height === undefined ? undefined : Math.min(height, source.height),
  };
}

function snapSide(side: number | undefined): number | undefined {
  if (side === undefined) return undefined;
  return renditionSides.find((step) => step >= side) ?? maxRenditionSide;
}
