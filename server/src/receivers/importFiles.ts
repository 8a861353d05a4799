import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Where import files wait: staged under DATA_DIR/imports/tmp while they stream in, then named after
// their import until it ends. A crash mid-upload leaves only a staged file, removed at start.

export class ImportFileTooLargeError extends Error {}

export interface ImportFiles {
  /** Streams an upload to a staged file; over `maxBytes` it is deleted and ImportFileTooLargeError thrown. */
  stage(content: Readable, maxBytes: number): Promise<{ path: string; bytes: number }>;
  /** Moves a staged file to its import's name. */
  keep(stagedPath: string, importId: string): Promise<string>;
  pathOf(importId: string): string;
  remove(filePath: string): Promise<void>;
  /** At start: staged leftovers and the files of imports that are no longer running go. */
  clear(): Promise<void>;
}

export function importFiles(dataDir: string): ImportFiles {
  const root = path.join(dataDir, 'imports');
  const staging = path.join(root, 'tmp');
  const pathOf = (importId: string) => path.join(root, `${importId}.csv`);
  return {
    pathOf,
    async stage(content, maxBytes) {
      await mkdir(staging, { recursive: true });
      const staged = path.join(staging, `${randomUUID()}.part`);
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > maxBytes) done(new ImportFileTooLargeError());
          else done(null, chunk);
        },
      });
      try {
        await pipeline(content, counter, createWriteStream(staged));
        // A parser that stops at its own limit truncates the stream: treat that as too large as well.
        if ((content as Readable & { truncated?: boolean }).truncated) throw new ImportFileTooLargeError();
      } catch (error) {
        await rm(staged, { force: true });
        throw error;
      }
      return { path: staged, bytes };
    },
    async keep(stagedPath, importId) {
      const target = pathOf(importId);
      await rename(stagedPath, target);
      return target;
    },
    remove: (filePath) => rm(filePath, { force: true }),
    async clear() {
      await rm(root, { recursive: true, force: true });
    },
  };
}
