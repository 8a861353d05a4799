import { Readable } from 'node:stream';
import { renditionsPrefix } from './keys';
import type { MediaStore, StoredObject } from './store';

/**
 * The cached renditions of all images together, within a budget in bytes (CDN_CACHE_BYTES): when a new
 * rendition would exceed it, the least recently used ones are removed, whatever image they belong to; a
 * removed size renders again when asked. The index (key, size, order of use) lives in memory and is
 * rebuilt from the store at start, oldest write first, so the disk stays bounded across restarts.
 */
export class RenditionCache {
  /** Key → size in bytes; a Map keeps insertion order, so the first entry is the least recently used. */
  private readonly entries = new Map<string, number>();
  private totalBytes = 0;

  constructor(
    private readonly store: MediaStore,
    readonly budgetBytes: number,
  ) {}

  /** Reads what the store holds (after start-up reconciliation) and trims it to the budget. */
  async open(): Promise<void> {
    const found: { key: string; sizeInBytes: number; modifiedAt: number }[] = [];
    for await (const key of this.store.list(renditionsPrefix)) {
      const stored = await this.store.read(key);
      if (stored)
        found.push({ key, sizeInBytes: stored.sizeInBytes, modifiedAt: stored.modifiedAt.getTime() });
    }
    found.sort((a, b) => a.modifiedAt - b.modifiedAt);
    for (const { key, sizeInBytes } of found) this.remember(key, sizeInBytes);
    await this.evictBeyondBudget();
  }

  /** Bytes the cached renditions take now. */
  get sizeInBytes(): number {
    return this.totalBytes;
  }

  /** A cached rendition (now the most recently used), or undefined. */
  async read(key: string): Promise<StoredObject | undefined> {
    const size = this.entries.get(key);
    if (size === undefined) return undefined;
    const stored = await this.store.read(key);
    if (!stored) {
      this.forget(key);
      return undefined;
    }
    this.remember(key, size);
    return stored;
  }

  /** Caches a rendition, then removes the least recently used ones beyond the budget. */
  async put(key: string, bytes: Buffer): Promise<void> {
    // Larger than the whole budget: it would only push everything else out and then itself.
    if (bytes.length > this.budgetBytes) return;
    const staged = await this.store.stage(key, Readable.from([bytes]), { durable: false });
    try {
      await staged.commit();
    } catch (error) {
      await staged.discard();
      throw error;
    }
    this.remember(key, bytes.length);
    await this.evictBeyondBudget();
  }

  /** Removes every cached rendition under `prefix` (all sizes of one image, when it is deleted). */
  async removeAll(prefix: string): Promise<void> {
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${prefix}/`)) this.forget(key);
    await this.store.removeAll(prefix);
  }

  private remember(key: string, sizeInBytes: number): void {
    this.forget(key);
    this.entries.set(key, sizeInBytes);
    this.totalBytes += sizeInBytes;
  }

  private forget(key: string): void {
    const size = this.entries.get(key);
    if (size === undefined) return;
    this.entries.delete(key);
    this.totalBytes -= size;
  }

  private async evictBeyondBudget(): Promise<void> {
    while (this.totalBytes > this.budgetBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) return;
      this.forget(oldest.value);
      await this.store.remove(oldest.value);
    }
  }
}
