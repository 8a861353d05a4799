import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteCounter } from './byteCounter';
import { assertStoreKey } from './keys';
import { type MediaStore, type StageOptions, type StagedObject, type StoredObject } from './store';

/**
 * The default media store: plain files under `{root}/objects/{key}`. Staged content is written to
 * `{root}/tmp/` (same file system, so `commit` is an atomic rename) and that folder is emptied by
 * `open`, so an upload interrupted by a crash leaves nothing behind.
 */
export class LocalDiskStore implements MediaStore {
  private readonly objectsDir: string;
  private readonly tmpDir: string;

  constructor(root: string) {
    this.objectsDir = path.join(root, 'objects');
    this.tmpDir = path.join(root, 'tmp');
  }

  async open(): Promise<void> {
    await rm(this.tmpDir, { recursive: true, force: true });
    await mkdir(this.tmpDir, { recursive: true });
    await mkdir(this.objectsDir, { recursive: true });
  }

  async stage(key: string, content: Readable, options: StageOptions = {}): Promise<StagedObject> {
    const target = this.pathOf(key);
    const tmpPath = path.join(this.tmpDir, `${randomUUID()}.part`);
    const counter = new ByteCounter(options.maxBytes ?? Number.POSITIVE_INFINITY);
    try {
      // `flush` fsyncs before close, so a committed object survives a power cut, not only a crash.
      await pipeline(
        content,
        counter,
        createWriteStream(tmpPath, { flags: 'wx', flush: options.durable ?? true }),
      );
    } catch (error) {
      await rm(tmpPath, { force: true });
      throw error;
    }
    let settled = false;
    return {
      key,
      sizeInBytes: counter.bytes,
      async commit() {
        await mkdir(path.dirname(target), { recursive: true });
        await rename(tmpPath, target);
        settled = true;
      },
      async discard() {
        if (!settled) await rm(tmpPath, { force: true });
        settled = true;
      },
    };
  }

  async read(key: string): Promise<StoredObject | undefined> {
    const filePath = this.pathOf(key);
    try {
      const info = await stat(filePath);
      if (!info.isFile()) return undefined;
      return { sizeInBytes: info.size, modifiedAt: info.mtime, stream: () => createReadStream(filePath) };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    return (await this.read(key)) !== undefined;
  }

  close(): void {}

  async ping(): Promise<void> {
    await stat(this.objectsDir);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removeAll(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<string> {
    let entries;
    try {
      entries = await readdir(this.pathOf(prefix), { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) yield* this.list(key);
      else if (entry.isFile()) yield key;
    }
  }

  private pathOf(key: string): string {
    assertStoreKey(key);
    return path.join(this.objectsDir, ...key.split('/'));
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
