/**
 * An image preview filling its box: a drawing (SVG) shown whole, a photo cropped to the box. The file's
 * tile and its detail panel draw their previews alike.
 */
export function previewImageSx(extension: string) {
  return {
    width: '100%',
    height: '100%',
    objectFit: extension.toLowerCase() === '.svg' ? 'contain' : 'cover',
    display: 'block',
  } as const;
}
