import { finished, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteCounter } from '../media/byteCounter';
import { importFileKey } from '../media/keys';
import { ContentTooLargeError, type MediaStore } from '../media/store';
import { CsvInspector, type UploadInspection } from './importCsv';
import { OptedOutRowCounter, type OptOutColumn } from './optedOutRows';

// Where import files wait: in the media store (the local disk or the S3 bucket every instance shares),
// under `imports/{environmentId}/{importId}`, so whichever instance holds an import's lease can read its
// file. An upload is inspected while it streams in (CsvInspector), so checking it never reads it back.
// Staged like a media upload, then committed before the import's record is: a crash in between leaves an
// object without a running import, which reconciliation removes (importFileReconciliation.ts).

/** An upload staged under its import's key, with what was learned on the way in. */
export interface StagedImportFile extends UploadInspection {
  bytes: number;
  /** Makes the file appear under its key (before the import's record is written). */
  commit(): Promise<void>;
  /** Drops a file that was not committed. */
  discard(): Promise<void>;
}

export interface ImportFiles {
  /**
   * Streams an upload into the store, staged under the import's key; over `maxBytes` nothing is kept and
   * ContentTooLargeError is thrown.
   */
  stage(
    environmentId: string,
    importId: string,
    content: Readable,
    maxBytes: number,
  ): Promise<StagedImportFile>;
  /**
   * Reads an upload only to inspect it and keeps nothing (the preview), counting the rows of people who
   * opted out; over `maxBytes` ContentTooLargeError.
   */
  inspect(
    content: Readable,
    maxBytes: number,
  ): Promise<UploadInspection & { bytes: number; optedOut: (OptOutColumn & { rows: number }) | null }>;
  /** The committed file of an import, streamed; undefined when it is not (or no longer) there. */
  read(environmentId: string, importId: string): Promise<Readable | undefined>;
  /** Removes an import's file (its import ended, or its start was refused); a missing file is no error. */
  remove(environmentId: string, importId: string): Promise<void>;
}

export function importFiles(store: MediaStore): ImportFiles {
  return {
    async stage(environmentId, importId, content, maxBytes) {
      const inspector = new CsvInspector();
      const inspected = content.pipe(inspector);
      // A client gone or a body cut off (an error, or a close before the end): nothing is kept.
      finished(content, (error) => error && inspector.destroy(error));
      let staged;
      try {
        // The store counts the bytes and refuses (keeping nothing) past maxBytes.
        staged = await store.stage(importFileKey(environmentId, importId), inspected, { maxBytes });
      } catch (error) {
        content.destroy(); // as a pipeline would: the rest of the upload is not read
        throw error;
      }
      // A parser that stops at its own limit truncates the stream: treat that as too large as well.
      if (truncated(content)) {
        await staged.discard();
        throw new ContentTooLargeError(maxBytes);
      }
      return {
        ...inspector.inspection(),
        bytes: staged.sizeInBytes,
        commit: () => staged.commit(),
        discard: () => staged.discard(),
      };
    },
    async inspect(content, maxBytes) {
      const counter = new ByteCounter(maxBytes);
      const inspector = new CsvInspector();
      const optedOut = new OptedOutRowCounter();
      const nowhere = new Writable({ write: (_chunk, _encoding, done) => done() });
      await pipeline(content, counter, inspector, optedOut, nowhere);
      if (truncated(content)) throw new ContentTooLargeError(maxBytes);
      return { ...inspector.inspection(), bytes: counter.bytes, optedOut: optedOut.counted() };
    },
    async read(environmentId, importId) {
      const stored = await store.read(importFileKey(environmentId, importId));
      return stored?.stream();
    },
    remove: (environmentId, importId) => store.remove(importFileKey(environmentId, importId)),
  };
}

function truncated(content: Readable): boolean {
  return (content as Readable & { truncated?: boolean }).truncated === true;
}
