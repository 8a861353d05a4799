import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { LocalDiskStore } from './localDiskStore';
import { removeUnreferencedObjects, sharedStoreGraceMs } from './reconcile';
import { ImageRenditions } from './renditions';
import { S3MediaStore } from './s3Store';
import { SharedRenditionCache } from './sharedRenditionCache';
import type { MediaStore } from './store';

/** Everything the media routes and the CDN share: one store and one rendition cache per server. */
export interface MediaServices {
  db: Database;
  store: MediaStore;
  renditions: ImageRenditions;
  uploadLimitBytes: number;
}

/** The configured media store (the only place that picks the implementation). */
export function createMediaStore(config: Pick<AppConfig, 'dataDir' | 'mediaStore'>): MediaStore {
  if (config.mediaStore.kind === 's3') return new S3MediaStore(config.mediaStore);
  return new LocalDiskStore(path.join(config.dataDir, 'media'));
}

const started = new WeakMap<Database, Promise<MediaServices>>();

/**
 * The server's media services, started once per server: the store removes leftovers of interrupted
 * uploads, then bytes no record references are removed. Both the API routes and the CDN call this
 * while registering, so start-up finishes before the first request. Keyed by the database handle,
 * which every start opens anew: a server restarted in the same process with the same configuration
 * reconciles again and never reaches the closed database of its previous run.
 */
export function mediaServices(app: FastifyInstance): Promise<MediaServices> {
  let services = started.get(app.db);
  if (!services) {
    services = start(app);
    started.set(app.db, services);
  }
  return services;
}

async function start(app: FastifyInstance): Promise<MediaServices> {
  const store = createMediaStore(app.config);
  app.addHook('onClose', () => store.close());
  await store.open();
  const shared = app.config.mediaStore.kind === 's3';
  // A shared bucket may hold another instance's upload whose record is not committed yet.
  const removed = await removeUnreferencedObjects(app.db, store, {
    graceMs: shared ? sharedStoreGraceMs : 0,
  });
  if (removed === undefined) app.log.info('media: another instance is reconciling the store');
  else if (removed > 0)
    app.log.warn({ removed }, 'media: removed stored objects without a file record (interrupted writes)');
  const cache =
    app.config.mediaStore.kind === 's3'
      ? new SharedRenditionCache(store, app.config.mediaStore.memoryCacheBytes)
      : undefined;
  const renditions = new ImageRenditions(store, app.config.cdn, undefined, app.cdnClock, cache);
  await renditions.open();
  return {
    db: app.db,
    store,
    renditions,
    uploadLimitBytes: app.config.uploadLimitBytes,
  };
}
