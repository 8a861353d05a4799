import { Readable } from 'node:stream';
import { ApiError } from '../errors';
import { fileKey, renditionKey, renditionsKey } from './keys';
import { contentTypeOf, isRasterExtension } from './mediaTypes';
import { RenditionCache } from './renditionCache';
import type { RenditionCacheLike } from './sharedRenditionCache';
import {
  RenderAbandonedError,
  RenderBusyError,
  RenderLimiter,
  type RenderLimits,
  type Timers,
} from './renderLimiter';
import { RenderBudget, type RenderBudgetLimits, type RenderTicket } from './renderBudget';
import { boxWithinSource, renditionVariant, type RenditionSpec } from './renditionSizes';
import type { MediaStore } from './store';

/**
 * Largest image (in pixels, width x height) the CDN decodes for a signed-in client: 64 megapixels covers
 * any camera photo, while a few kilobytes of PNG that claim 30,000 x 30,000 pixels are refused before
 * memory is spent on them.
 */
export const maxInputPixels = 64_000_000;

/** What bounds the renditions: the cache budget, the rendering limits and each address's budget. */
export interface RenditionSettings extends RenderLimits {
  /** Bytes all cached renditions together may take (CDN_CACHE_BYTES). */
  cacheBytes: number;
  /** Fresh renders per client address (CDN_RENDER_BUDGET, CDN_RENDERS_PER_ADDRESS). */
  budget: RenderBudgetLimits;
  /** Largest image (pixels) rendered for an anonymous ask (CDN_ANONYMOUS_MAX_PIXELS). */
  anonymousMaxPixels: number;
}

/** Who asks a rendition: the client address the budget is kept for, and whether a signed-in user asks. */
export interface RenditionAsker {
  address: string;
  signedIn: boolean;
}

/** A resized image, either fresh from sharp (in memory) or from the cache (on disk). */
export interface Rendition {
  contentType: string;
  sizeInBytes: number;
  cacheHit: boolean;
  /** The content; a fresh stream each call. */
  stream(): Readable;
}

/** One size being rendered, shared by everyone who asks it meanwhile. */
interface Rendering {
  result: Promise<Buffer>;
  /** The bytes once rendered, while they are being written to the cache. */
  bytes?: Buffer;
  /** How many asks still wait for it; at zero the work is abandoned (and never cached). */
  waiters: number;
  abandon: AbortController;
  /** Settles when the rendering and its cache write are over. */
  settled: Promise<void>;
}

/**
 * Resizes raster images with sharp, within bounds a public endpoint needs: never larger than the image
 * itself, only its first frame, at most `maxInputPixels`, a few renders at once behind a bounded queue
 * with a timeout (`RenderLimiter`), and cached within a total byte budget (`RenditionCache`). Work nobody
 * waits for any more (every asking client disconnected) is dropped from the queue and never cached.
 */
export class ImageRenditions {
  private readonly rendering = new Map<string, Rendering>();
  private readonly limiter: RenderLimiter;
  readonly cache: RenditionCacheLike;
  readonly budget: RenderBudget;

  constructor(
    private readonly store: MediaStore,
    private readonly settings: RenditionSettings,
    timers?: Timers,
    /** The budget's clock (milliseconds); tests move it instead of waiting. */
    now?: () => number,
    /** Where sizes are kept: by default on the store within CDN_CACHE_BYTES (one instance's disk). */
    cache?: RenditionCacheLike,
  ) {
    this.limiter = new RenderLimiter(settings, timers);
    this.cache = cache ?? new RenditionCache(store, settings.cacheBytes);
    this.budget = new RenderBudget(settings.budget, now);
  }

  /** Loads the cache index; call once at start, after reconciliation. */
  open(): Promise<void> {
    return this.cache.open();
  }

  /**
   * The rendition of one size (`spec` already on the size ladder, see `renditionSpecFor`). A cached size is
   * always served; a fresh render is charged to `asker`'s address (`RenderBudgetError`, 429, when over its
   * budget) and, for an anonymous asker, refused beyond `anonymousMaxPixels` (422). Without `asker` (the
   * server's own use) neither applies. Rejects with `RenderBusyError` (503) when the renderer is saturated,
   * with `RenderAbandonedError` once `signal` aborts (the client went away), with 422 when the file is no
   * image sharp can read.
   */
  async get(
    environmentId: string,
    fileId: string,
    extension: string,
    spec: RenditionSpec,
    signal?: AbortSignal,
    asker?: RenditionAsker,
  ): Promise<Rendition> {
    if (!isRasterExtension(extension)) throw new Error(`No renditions for '${extension}' files.`);
    const contentType = contentTypeOf(extension);
    const key = renditionKey(environmentId, fileId, renditionVariant(spec));
    const beingWritten = this.rendering.get(key)?.bytes;
    if (beingWritten) return fromMemory(contentType, beingWritten, true);
    const cached = await this.cache.read(key);
    if (cached) {
      return { contentType, sizeInBytes: cached.sizeInBytes, cacheHit: true, stream: () => cached.stream() };
    }
    // A rendering everyone walked away from is not joined: it will never deliver.
    const underWay = this.rendering.get(key);
    // Joining a rendering under way costs nothing more; starting one is charged to the asker.
    const rendering =
      underWay && !underWay.abandon.signal.aborted
        ? underWay
        : this.startRendering(key, environmentId, fileId, extension, spec, asker);
    return fromMemory(contentType, await this.waitFor(rendering, signal), false);
  }

  /** Removes every cached size of a file, after any rendering of it has finished (so none is written back). */
  async removeAll(environmentId: string, fileId: string): Promise<void> {
    const prefix = renditionsKey(environmentId, fileId);
    const pending = [...this.rendering]
      .filter(([key]) => key.startsWith(`${prefix}/`))
      .map(([, rendering]) => rendering.settled);
    await Promise.all(pending);
    await this.cache.removeAll(prefix);
  }

  /** Waits until every rendering under way and its cache write are over. */
  async settle(): Promise<void> {
    await Promise.all([...this.rendering.values()].map((rendering) => rendering.settled));
  }

  private startRendering(
    key: string,
    environmentId: string,
    fileId: string,
    extension: string,
    spec: RenditionSpec,
    asker: RenditionAsker | undefined,
  ): Rendering {
    // Refused here, before the shared queue: an address over its budget never delays anyone else.
    const ticket = asker ? this.budget.admit(asker.address) : undefined;
    const maxPixels = asker && !asker.signedIn ? this.settings.anonymousMaxPixels : maxInputPixels;
    const abandon = new AbortController();
    const result = this.limiter.run(
      () => this.render(environmentId, fileId, extension, spec, maxPixels, ticket),
      abandon.signal,
    );
    void result.catch(() => undefined).finally(() => ticket?.release());
    const rendering: Rendering = { result, waiters: 0, abandon, settled: Promise.resolve() };
    // The answer does not wait for the cache: the bytes are written while they are being sent, and asks
    // that arrive meanwhile get them from memory.
    rendering.settled = result
      .then(async (bytes) => {
        rendering.bytes = bytes;
        await this.cache.put(key, bytes);
      })
      .catch(() => undefined) // caching is an optimisation; the asks see the rendering's own failure
      .finally(() => {
        if (this.rendering.get(key) === rendering) this.rendering.delete(key);
      });
    this.rendering.set(key, rendering);
    return rendering;
  }

  /** One ask's wait; when the last ask leaves before the bytes exist, the work is abandoned. */
  private async waitFor(rendering: Rendering, signal: AbortSignal | undefined): Promise<Buffer> {
    rendering.waiters += 1;
    try {
      return await untilAborted(rendering.result, signal);
    } finally {
      rendering.waiters -= 1;
      if (rendering.waiters === 0 && !rendering.bytes) rendering.abandon.abort();
    }
  }

  private async render(
    environmentId: string,
    fileId: string,
    extension: string,
    spec: RenditionSpec,
    maxPixels: number,
    ticket: RenderTicket | undefined,
  ): Promise<Buffer> {
    const original = await this.store.read(fileKey(environmentId, fileId));
    if (!original) throw new ApiError(404, 'Het bestand is niet gevonden.');
    try {
      return await resize(original.stream(), extension, spec, {
        timeoutMs: this.settings.timeoutMs,
        maxPixels,
        // The work grows with the pixels decoded; an image refused for its size still cost its header.
        onSourcePixels: (pixels) => ticket?.charge(pixels / 1_000_000),
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const reason = error instanceof Error ? error.message : '';
      if (/timeout/i.test(reason)) throw new RenderBusyError();
      if (/pixel limit/i.test(reason))
        throw new ApiError(422, 'Deze afbeelding heeft te veel pixels om te verkleinen.');
      throw new ApiError(422, 'Dit bestand kan niet als afbeelding worden verwerkt.');
    }
  }
}

/** `promise`, or a `RenderAbandonedError` as soon as `signal` aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new RenderAbandonedError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new RenderAbandonedError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function fromMemory(contentType: string, bytes: Buffer, cacheHit: boolean): Rendition {
  return { contentType, sizeInBytes: bytes.length, cacheHit, stream: () => Readable.from([bytes]) };
}

interface ResizeBounds {
  timeoutMs: number;
  /** Largest image decoded (width x height); beyond it sharp refuses with 'pixel limit'. */
  maxPixels: number;
  /** Told the image's pixel count once its header is read, before any decoding. */
  onSourcePixels(pixels: number): void;
}

async function resize(
  input: Readable,
  extension: string,
  spec: RenditionSpec,
  { timeoutMs, maxPixels, onSourcePixels }: ResizeBounds,
): Promise<Buffer> {
  // sharp (libvips, ~25 MB resident) loads with the first rendition, not at server start.
  const { default: sharp } = await import('sharp');
  // `pages: 1`: only the first frame of an animated GIF or WebP (hundreds of frames cost as many renders).
  const pipeline = sharp({ failOn: 'error', pages: 1, limitInputPixels: maxPixels })
    // libvips stops a render that takes longer than the ask may wait; its slot is then free again.
    .timeout({ seconds: Math.max(1, Math.ceil(timeoutMs / 1000)) });
  input.pipe(pipeline);
  input.once('error', (error) => pipeline.destroy(error));
  const metadata = await pipeline.metadata();
  const source = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  onSourcePixels(source.width * source.height);
  pipeline.autoOrient().resize({
    ...boxWithinSource(spec, source),
    fit: spec.crop ? 'cover' : 'inside',
    position: 'centre',
    withoutEnlargement: true,
  });
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
  return pipeline.toBuffer();
}
