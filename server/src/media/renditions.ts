import { Readable } from 'node:stream';
import sharp from 'sharp';
import { ApiError } from '../errors';
import { fileKey, renditionKey, renditionsKey } from './keys';
import { contentTypeOf, isRasterExtension } from './mediaTypes';
import type { MediaStore } from './store';

/** Largest width or height the CDN renders (larger asks answer 400). */
export const maxRenditionSide = 4000;

/** What the CDN was asked for: either side may be left out; `crop` fills the box exactly (cover). */
export interface RenditionSpec {
  width?: number;
  height?: number;
  crop: boolean;
}

/** A resized image, either fresh from sharp (`bytes`) or from the cache (`object`). */
export interface Rendition {
  contentType: string;
  sizeInBytes: number;
  cacheHit: boolean;
  /** The content; a fresh stream each call. */
  stream(): Readable;
}

/** The name a rendition is cached under; it also feeds the ETag. */
export function renditionVariant(spec: RenditionSpec): string {
  return `${spec.width ?? 'auto'}x${spec.height ?? 'auto'}-${spec.crop ? 'crop' : 'fit'}`;
}

/**
 * How many sizes of one image the cache keeps. The CDN is public and any URL may ask any size up to
 * 4000x4000, so an unbounded cache could be made to fill the disk; the console and a mailing ask a
 * handful of sizes per image, so this bound costs them nothing.
 */
export const maxCachedSizesPerImage = 24;

/**
 * Resizes raster images with sharp and caches up to `maxCachedSizesPerImage` sizes of each image in the
 * media store, so each size is computed once. `cacheHit` tells whether this ask was served without
 * rendering.
 */
export class ImageRenditions {
  /** Sizes being rendered now: concurrent asks for one size share one computation. */
  private readonly rendering = new Map<string, Promise<Buffer>>();
  /** Rendered sizes whose cache write has not finished yet. */
  private readonly writing = new Map<string, Buffer>();

  constructor(private readonly store: MediaStore) {}

  async get(
    environmentId: string,
    fileId: string,
    extension: string,
    spec: RenditionSpec,
  ): Promise<Rendition> {
    if (!isRasterExtension(extension)) throw new Error(`No renditions for '${extension}' files.`);
    const contentType = contentTypeOf(extension);
    const key = renditionKey(environmentId, fileId, renditionVariant(spec));
    const beingWritten = this.writing.get(key);
    if (beingWritten) return fromMemory(contentType, beingWritten, true);
    const cached = await this.store.read(key);
    if (cached) {
      return { contentType, sizeInBytes: cached.sizeInBytes, cacheHit: true, stream: () => cached.stream() };
    }
    let rendering = this.rendering.get(key);
    if (!rendering) {
      rendering = this.render(environmentId, fileId, extension, spec);
      this.rendering.set(key, rendering);
      // The answer does not wait for the cache: the bytes are written while they are being sent, and
      // asks that arrive meanwhile get them from memory.
      rendering
        .then(async (bytes) => {
          this.writing.set(key, bytes);
          await this.cache(key, bytes);
          await this.dropOldestSizesBeyondBound(renditionsKey(environmentId, fileId));
        })
        .catch(() => undefined)
        .finally(() => {
          this.rendering.delete(key);
          this.writing.delete(key);
        });
    }
    return fromMemory(contentType, await rendering, false);
  }

  /** Waits until no size of the file is being rendered or written (before its renditions are removed). */
  async settle(environmentId: string, fileId: string): Promise<void> {
    const prefix = `${renditionsKey(environmentId, fileId)}/`;
    const pending = [...this.rendering]
      .filter(([key]) => key.startsWith(prefix))
      .map(([, rendering]) => rendering);
    await Promise.allSettled(pending);
    // The cache write follows the rendering; give it the same chance to finish.
    while ([...this.writing.keys()].some((key) => key.startsWith(prefix)))
      await new Promise((resolve) => setTimeout(resolve, 5));
  }

  private async render(
    environmentId: string,
    fileId: string,
    extension: string,
    spec: RenditionSpec,
  ): Promise<Buffer> {
    const original = await this.store.read(fileKey(environmentId, fileId));
    if (!original) throw new ApiError(404, 'Het bestand is niet gevonden.');
    try {
      return await resize(original.stream(), extension, spec);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(422, 'Dit bestand kan niet als afbeelding worden verwerkt.');
    }
  }

  /** Keeps the newest `maxCachedSizesPerImage` sizes of one image; a dropped size renders again when asked. */
  private async dropOldestSizesBeyondBound(imagePrefix: string): Promise<void> {
    const sizes: { key: string; modifiedAt: number }[] = [];
    for await (const key of this.store.list(imagePrefix)) {
      const stored = await this.store.read(key);
      if (stored) sizes.push({ key, modifiedAt: stored.modifiedAt.getTime() });
    }
    if (sizes.length <= maxCachedSizesPerImage) return;
    sizes.sort((a, b) => b.modifiedAt - a.modifiedAt);
    for (const { key } of sizes.slice(maxCachedSizesPerImage)) await this.store.remove(key);
  }

  /** Caching is an optimisation: a failed write only means the next ask renders again. */
  private async cache(key: string, bytes: Buffer): Promise<void> {
    const staged = await this.store.stage(key, Readable.from([bytes]), { durable: false });
    try {
      await staged.commit();
    } catch (error) {
      await staged.discard();
      throw error;
    }
  }
}

function fromMemory(contentType: string, bytes: Buffer, cacheHit: boolean): Rendition {
  return { contentType, sizeInBytes: bytes.length, cacheHit, stream: () => Readable.from([bytes]) };
}

async function resize(input: Readable, extension: string, spec: RenditionSpec): Promise<Buffer> {
  const animated = extension.toLowerCase() === '.gif';
  const pipeline = sharp({ failOn: 'error', animated }).autoOrient();
  if (spec.width !== undefined || spec.height !== undefined) {
    pipeline.resize({
      width: spec.width,
      height: spec.height,
      fit: spec.crop ? 'cover' : 'inside',
      position: 'centre',
      withoutEnlargement: !spec.crop,
    });
  }
  switch (extension.toLowerCase()) {
    case '.png':
      pipeline.png({ compressionLevel: 6 });
      break;
    case '.webp':
      pipeline.webp({ quality: 80 });
      break;
    case '.gif':
      pipeline.gif();
      break;
    default:
      pipeline.jpeg({ quality: 80, progressive: true });
  }
  input.pipe(pipeline);
  input.once('error', (error) => pipeline.destroy(error));
  return pipeline.toBuffer();
}
