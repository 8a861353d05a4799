import { useCallback, useRef, useState } from 'react';
import { HttpError, useLogoutIfAccessDenied } from 'react-admin';
import { useDeclaredDataProvider } from '../../resources/useDeclaredDataProvider';
import type { ServerErrorBody } from '../../dataProvider/serverError';

/** How many files travel at the same time (each in its own request, spec §7). */
const parallelUploads = 3;

/** The log line of a failed upload (spec §4, §8). */
export const uploadFailedLog = 'Something went terribly wrong...';

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  /** Bytes of this file sent so far. */
  loaded: number;
  status: UploadStatus;
  /** The server's message for a failed upload, when it sent one. */
  error?: string;
}

export interface UploadQueue {
  items: readonly UploadItem[];
  /** On from the first file until every file of the batch is done or failed (spec §4). */
  uploading: boolean;
  /** Number of files in the current batch. */
  totalFiles: number;
  /** 0..100 over all bytes of the batch. */
  overallPercent: number;
  upload(files: readonly File[]): void;
  /** Forgets a finished batch (its list and bars). */
  clear(): void;
}

let batchCounter = 0;

/**
 * Uploads files into one folder, one request per file, a few at a time, with progress per file and
 * overall, through the dataProvider (`mediaFiles.upload`), which refreshes the folder after each file.
 * A refusal is marked failed and logged (spec §4).
 */
export function useUploadQueue(directoryId: string | undefined): UploadQueue {
  const dataProvider = useDeclaredDataProvider();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [items, setItems] = useState<readonly UploadItem[]>([]);
  const [uploading, setUploading] = useState(false);
  const busy = useRef(false);
  // The results belong to the folder they went into: opening another folder clears them (a batch
  // still under way stays in view until it ends).
  const [resultsFolder, setResultsFolder] = useState(directoryId);
  if (resultsFolder !== directoryId && !uploading) {
    setResultsFolder(directoryId);
    setItems([]);
  }

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const upload = useCallback(
    (files: readonly File[]) => {
      if (!directoryId || files.length === 0 || busy.current) return;
      busy.current = true;
      const batch = ++batchCounter;
      const queued = files.map((file, index) => ({ file, key: `${batch}-${index}` }));
      setItems(
        queued.map(({ file, key }) => ({
          key,
          name: file.name,
          size: file.size,
          loaded: 0,
          status: 'waiting',
        })),
      );
      setUploading(true);

      const uploadOne = async ({ file, key }: { file: File; key: string }) => {
        patch(key, { status: 'uploading' });
        try {
          // The HTTP layer renews an expired token silently per file, so a long batch keeps going.
          await dataProvider.upload('mediaFiles', 'upload', {
            meta: { directoryId },
            file,
            onProgress: (loaded, total) =>
              patch(key, { loaded: Math.min(file.size, Math.round((loaded / total) * file.size)) }),
          });
          patch(key, { status: 'done', loaded: file.size });
        } catch (error) {
          if (!(error instanceof HttpError) || error.status === 0) {
            console.error(uploadFailedLog, error);
            patch(key, { status: 'failed' });
            return;
          }
          console.error(uploadFailedLog, error.status, error.body);
          patch(key, { status: 'failed', error: (error.body as ServerErrorBody | null)?.message });
          if (error.status === 401) await logoutIfAccessDenied(error);
        }
      };

      const pending = [...queued];
      const worker = async () => {
        for (let next = pending.shift(); next; next = pending.shift()) await uploadOne(next);
      };
      void Promise.all(Array.from({ length: Math.min(parallelUploads, queued.length) }, worker)).finally(
        () => {
          busy.current = false;
          setUploading(false);
        },
      );
    },
    [dataProvider, directoryId, logoutIfAccessDenied, patch],
  );

  const totalBytes = items.reduce((sum, item) => sum + item.size, 0);
  const sentBytes = items.reduce(
    (sum, item) => sum + (item.status === 'failed' ? item.size : item.loaded),
    0,
  );
  const overallPercent =
    totalBytes === 0
      ? items.length > 0 && !uploading
        ? 100
        : 0
      : Math.round((sentBytes / totalBytes) * 100);
  const clear = useCallback(() => {
    if (!busy.current) setItems([]);
  }, []);
  return { items, uploading, totalFiles: items.length, overallPercent, upload, clear };
}
