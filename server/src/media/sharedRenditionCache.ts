import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { MediaStore, StoredObject } from './store';

/** What `ImageRenditions` needs of a rendition cache (RenditionCache on disk, this one on a bucket). */
export interface RenditionCacheLike {
  open(): Promise<void>;
  read(key: string): Promise<StoredObject | undefined>;
  put(key: string, bytes: Buffer): Promise<void>;
  removeAll(prefix: string): Promise<void>;
}

/**
 * Renditions in a bucket shared by every instance: a size rendered by one instance is served by all.
 * The bucket is the truth (no index to rebuild at start; a file's sizes go with the file); each instance
 * keeps the most recently used bytes in memory within `memoryBytes`, so a hot image costs no round trip.
 * The memory may hold a size another instance has since removed: the CDN checks the file record first,
 * so a deleted file answers 404 everywhere regardless.
 */
export class SharedRenditionCache implements RenditionCacheLike {
  /** Key → bytes; a Map keeps insertion order, so the first entry is the least recently used. */
  private readonly memory = new Map<string, Buffer>();
  private memoryTotal = 0;

  constructor(
    private readonly store: MediaStore,
    readonly memoryBytes: number,
  ) {}

  async open(): Promise<void> {}

  async read(key: string): Promise<StoredObject | undefined> {
    const held = this.memory.get(key);
    if (held) {
      this.remember(key, held);
      return inMemory(held);
    }
    const stored = await this.store.read(key);
    if (!stored) return undefined;
    if (stored.sizeInBytes > this.memoryBytes) return stored;
    const bytes = await buffer(stored.stream());
    this.remember(key, bytes);
    return inMemory(bytes);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const staged = await this.store.stage(key, Readable.from([bytes]), { durable: false });
    await staged.commit();
    if (bytes.length <= this.memoryBytes) this.remember(key, bytes);
  }

  async removeAll(prefix: string): Promise<void> {
    for (const key of [...this.memory.keys()]) if (key.startsWith(`${prefix}/`)) this.forget(key);
    await this.store.removeAll(prefix);
  }

  private remember(key: string, bytes: Buffer): void {
    this.forget(key);
    this.memory.set(key, bytes);
    this.memoryTotal += bytes.length;
    while (this.memoryTotal > this.memoryBytes) {
      const oldest = this.memory.keys().next();
      if (oldest.done) return;
      this.forget(oldest.value);
    }
  }

  private forget(key: string): void {
    const bytes = this.memory.get(key);
    if (!bytes) return;
    this.memory.delete(key);
    this.memoryTotal -= bytes.length;
  }
}

function inMemory(bytes: Buffer): StoredObject {
  return { sizeInBytes: bytes.length, modifiedAt: new Date(), stream: () => Readable.from([bytes]) };
}
