import { inject } from 'vitest';

/**
 * The address of this worker's shared end-to-end server (globalSetup starts one per worker). A worker
 * runs one file at a time, so a file has its server to itself while it runs.
 */
export function sharedServerUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length]!;
}
