import type { Readable } from 'node:stream';

/**
 * Where media bytes live. Everything outside a store implementation speaks in keys
 * (`files/{environmentId}/{fileId}`, see `keys.ts`), never in paths, so an object store can replace
 * the local disk later without touching the routes or services.
 *
 * Writes are two-phase: `stage` streams the content, `commit` makes it appear under its key. On disk the
 * staged content is invisible until an atomic rename; in an object store it is streamed straight to its
 * final (unique) key, where a PUT appears whole or not at all, and `commit` has nothing left to do. Either
 * way a process that dies before its file record is committed leaves an unreferenced object, which
 * reconciliation (`reconcile.ts`) removes.
 */
export interface MediaStore {
  /** Prepares the store at start: removes staged leftovers of writes a crash interrupted. */
  open(): Promise<void>;
  /**
   * Streams `content` into a staged object without ever holding it whole in memory.
   * Rejects with `ContentTooLargeError` (and keeps nothing) once more than `maxBytes` arrive.
   */
  stage(key: string, content: Readable, options?: StageOptions): Promise<StagedObject>;
  /** The stored object, or undefined when there is none under `key`. */
  read(key: string): Promise<StoredObject | undefined>;
  /** Whether an object exists under `key`. */
  has(key: string): Promise<boolean>;
  /** Removes the object under `key`; a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` + '/'. */
  removeAll(prefix: string): Promise<void>;
  /** Every key directly or indirectly under `prefix` (for start-up reconciliation). */
  list(prefix: string): AsyncIterable<string>;
  /** Lets go of connections (at server stop). */
  close(): void;
  /** Resolves when the store answers (readiness for a load balancer); rejects otherwise. */
  ping(): Promise<void>;
  /**
   * A short-lived link the browser fetches the object from directly, as an attachment named
   * `fileName` (object stores only; the disk store's bytes are streamed by the server instead).
   */
  downloadUrl?(key: string, fileName: string, contentType: string): Promise<string>;
}

export interface StageOptions {
  /** Refuse (and keep nothing) once more than this many bytes arrived. */
  maxBytes?: number;
  /**
   * Whether the content must survive a power cut once committed (default true). Derived content that
   * can be recomputed (image renditions) skips the flush to disk.
   */
  durable?: boolean;
}

/** Content written by `stage`, not yet visible under its key. */
export interface StagedObject {
  readonly key: string;
  readonly sizeInBytes: number;
  /** Makes the content appear under its key atomically (replacing an existing object). */
  commit(): Promise<void>;
  /** Drops the staged content; safe to call after `commit` fails. */
  discard(): Promise<void>;
}

export interface StoredObject {
  sizeInBytes: number;
  /** When the object was committed. */
  modifiedAt: Date;
  /** A fresh stream over the whole content; the caller must consume or destroy it. */
  stream(): Readable;
}

/** The content exceeded the `maxBytes` passed to `stage`; nothing was kept. */
export class ContentTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Content exceeds ${maxBytes} bytes.`);
    this.name = 'ContentTooLargeError';
  }
}
