import type { MediaFile } from '@contract/media';

export interface UploadRequest {
  /** Full URL of `POST /directory/{directoryId}/file` (or of another multipart call, e.g. an import). */
  url: string;
  accessToken: string;
  environmentId: string;
  file: File;
  /** Text fields sent before the file (an import's mode, mapping and consent). */
  fields?: Readonly<Record<string, string>>;
  /** Bytes sent so far, of `total` (the multipart body, a little more than the file). */
  onProgress?(loaded: number, total: number): void;
  signal?: AbortSignal;
}

export interface UploadAnswer<TBody = MediaFile> {
  status: number;
  /** The stored file on success (status 200), else the server's error body when it sent one. */
  body: TBody | { status?: number; message?: string } | null;
}

/**
 * One upload, one request (spec §7): multipart with the field `file`. XMLHttpRequest rather than
 * fetch, because only it reports upload progress over HTTP/1.1. Resolves with any HTTP status; rejects
 * only when no answer came (network failure, abort).
 */
export function sendUpload<TBody = MediaFile>({
  url,
  accessToken,
  environmentId,
  file,
  fields = {},
  onProgress,
  signal,
}: UploadRequest): Promise<UploadAnswer<TBody>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.setRequestHeader('X-Environment-Id', environmentId);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, body: parseBody(xhr.responseText) as UploadAnswer<TBody>['body'] });
    xhr.onerror = () => reject(new Error('The upload could not reach the server.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
