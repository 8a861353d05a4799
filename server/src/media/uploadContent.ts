import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { badRequest } from '../errors';

/**
 * Bytes of an upload's start that decide its format: file-type reads at most 4100 for the image formats,
 * and an SVG may open with an XML declaration and comments before its `<svg` element.
 */
const headBytes = 8192;

/** What each image extension's bytes must be, as `file-type` names it, and what the refusal calls it. */
const rasterFormats: Record<string, { mimeTypes: string[]; label: string }> = {
  '.jpg': { mimeTypes: ['image/jpeg'], label: 'JPEG' },
  '.jpeg': { mimeTypes: ['image/jpeg'], label: 'JPEG' },
  '.png': { mimeTypes: ['image/png', 'image/apng'], label: 'PNG' },
  '.gif': { mimeTypes: ['image/gif'], label: 'GIF' },
  '.webp': { mimeTypes: ['image/webp'], label: 'WebP' },
};

/**
 * SVG has no magic bytes: it is XML text. Its start may hold a byte order mark, an XML declaration,
 * comments and a doctype without an internal subset (no entity definitions), then the `<svg` element.
 */
const svgStart =
  /^\uFEFF?\s*(?:<\?xml\s[^>]*\?>\s*)?(?:(?:<!--(?:(?!-->)[\s\S])*-->|<!DOCTYPE\s+svg[^>[]*>)\s*)*<svg[\s>/]/i;

/** An upload's stream, with its first bytes kept aside for `refuseMismatchedContent`. */
export interface CapturedUpload {
  content: Readable;
  head(): Buffer;
}

/** Passes `content` through unchanged while keeping its first `headBytes` bytes. */
export function captureHead(content: Readable): CapturedUpload {
  const chunks: Buffer[] = [];
  let kept = 0;
  const capture = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (kept < headBytes) {
        const part = chunk.subarray(0, headBytes - kept);
        chunks.push(Buffer.from(part));
        kept += part.length;
      }
      callback(null, chunk);
    },
  });
  // Joined as one: a failing upload stream (client gone) fails the staged write, and a write that stops
  // (over the limit) stops the upload stream. The outcome is the staged write's to report.
  const passed = pipeline(content, capture, () => undefined);
  return { content: passed, head: () => Buffer.concat(chunks) };
}

/**
 * Refuses an image whose bytes are not the format its extension names (SVG or HTML uploaded as `x.png`
 * would otherwise be handed to the renderer, which reads SVG too): a Dutch 400 naming `field`. Other
 * extensions are not judged: the CDN sends them as downloads under a script-free policy.
 */
export async function refuseMismatchedContent(extension: string, head: Buffer, field: string): Promise<void> {
  const raster = rasterFormats[extension];
  if (raster) {
    const { fileTypeFromBuffer } = await import('file-type');
    const detected = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
    if (!detected || !raster.mimeTypes.includes(detected.mime))
      throw mismatch(field, `een ${raster.label}-afbeelding`, extension);
  } else if (extension === '.svg') {
    if (!svgStart.test(head.toString('utf8'))) throw mismatch(field, 'een SVG-afbeelding', extension);
  }
}

function mismatch(field: string, expected: string, extension: string) {
  return badRequest(
    field,
    `Het bestand is geen ${expected}: de inhoud past niet bij de extensie ${extension}.`,
  );
}
