import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { LocalDiskStore } from './localDiskStore';
import { removeUnreferencedObjects } from './reconcile';
import { ImageRenditions } from './renditions';
import type { MediaStore } from './store';

/** Everything the media routes and the CDN share: one store and one rendition cache per server. */
export interface MediaServices {
  db: Database;
  store: MediaStore;
  renditions: ImageRenditions;
  uploadLimitBytes: number;
}

/** The media store of a data directory (the only place that picks the implementation). */
export function createMediaStore(dataDir: string): MediaStore {
  return new LocalDiskStore(path.join(dataDir, 'media'));
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
  const store = createMediaStore(app.config.dataDir);
  await store.open();
  const removed = await removeUnreferencedObjects(app.db, store);
  if (removed > 0)
    app.log.warn({ removed }, 'media: removed stored objects without a file record (interrupted writes)');
  const renditions = new ImageRenditions(store, app.config.cdn, undefined, app.cdnClock);
  await renditions.open();
  return {
    db: app.db,
    store,
    renditions,
    uploadLimitBytes: app.config.uploadLimitBytes,
  };
}
