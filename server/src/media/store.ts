import type { Readable } from 'node:stream';

/**
 * Where media bytes live. Everything outside a store implementation speaks in keys
 * (`files/{environmentId}/{fileId}`, see `keys.ts`), never in paths, so an object store can replace
 * the local disk later without touching the routes or services.
 *
 * Writes are two-phase: `stage` streams the content somewhere invisible, `commit` makes it appear
 * under its key atomically. A process that dies between the two leaves only staged leftovers, which
 * `open` removes at the next start.
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
