import type { SettingsReaders } from '../settingsReaders';

/** What one client, and all clients together, can make the public image CDN do. */
export interface CdnSettings {
  /** CDN_CACHE_BYTES: bytes all cached renditions together may take; least recently used go first. */
  cacheBytes: number;
  /** CDN_RENDER_CONCURRENCY: images resized at once. */
  concurrency: number;
  /** CDN_RENDER_QUEUE: asks waiting for a free render slot; beyond it 503. */
  maxQueued: number;
  /** CDN_RENDER_TIMEOUT_MS: longest an ask waits for its rendering, queue included; then 503. */
  timeoutMs: number;
  /** CDN_RATE_LIMIT: requests per minute one client address may make to the CDN; beyond it 429. */
  requestsPerMinute: number;
  /** Fresh renders per client address; beyond them 429 (cached sizes are still served). */
  budget: {
    /** CDN_RENDER_BUDGET: megapixels of source image one address may have rendered per minute. */
    megapixelsPerMinute: number;
    /** CDN_RENDERS_PER_ADDRESS: renders one address may have running or waiting at once. */
    inFlight: number;
  };
  /** CDN_ANONYMOUS_MAX_PIXELS: largest image rendered for an ask without a valid access token (then 422). */
  anonymousMaxPixels: number;
}

/** The CDN's defaults: a few hundred MB of renditions, two renders at once (the machine's other work goes on). */
const defaults: CdnSettings = {
  cacheBytes: 256 * 1024 * 1024,
  concurrency: 2,
  maxQueued: 32,
  timeoutMs: 15_000,
  // Generous: a folder of a thousand images is scrolled through in a minute, by several people behind one address.
  requestsPerMinute: 3000,
  // A folder of 100 fresh 12-megapixel photos a minute; sixty sizes of a 49-megapixel image are not.
  budget: { megapixelsPerMinute: 1200, inFlight: 16 },
  // A 40-megapixel camera's photo (the console's thumbnails are anonymous asks too); up to 64 signed in.
  anonymousMaxPixels: 40_000_000,
};

export function readCdnSettings({ integer }: SettingsReaders): CdnSettings {
  return {
    cacheBytes: integer('CDN_CACHE_BYTES', defaults.cacheBytes, 0),
    concurrency: integer('CDN_RENDER_CONCURRENCY', defaults.concurrency, 1),
    maxQueued: integer('CDN_RENDER_QUEUE', defaults.maxQueued, 0),
    timeoutMs: integer('CDN_RENDER_TIMEOUT_MS', defaults.timeoutMs, 1),
    requestsPerMinute: integer('CDN_RATE_LIMIT', defaults.requestsPerMinute, 1),
    budget: {
      megapixelsPerMinute: integer('CDN_RENDER_BUDGET', defaults.budget.megapixelsPerMinute, 1),
      inFlight: integer('CDN_RENDERS_PER_ADDRESS', defaults.budget.inFlight, 1),
    },
    anonymousMaxPixels: integer('CDN_ANONYMOUS_MAX_PIXELS', defaults.anonymousMaxPixels, 1),
  };
}
