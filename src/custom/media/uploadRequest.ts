import type { MediaFile } from '@contract/media';

export interface UploadRequest {
  /** Full URL of `POST /directory/{directoryId}/file`. */
  url: string;
  accessToken: string;
  environmentId: string;
  file: File;
  /** Bytes sent so far, of `total` (the multipart body, a little more than the file). */
  onProgress?(loaded: number, total: number): void;
  signal?: AbortSignal;
}

export interface UploadAnswer {
  status: number;
  /** The stored file on success (status 200), else the server's error body when it sent one. */
  body: MediaFile | { status?: number; message?: string } | null;
}

/**
 * One upload, one request (spec §7): multipart with the field `file`. XMLHttpRequest rather than
 * fetch, because only it reports upload progress over HTTP/1.1. Resolves with any HTTP status; rejects
 * only when no answer came (network failure, abort).
 */
export function sendUpload({
  url,
  accessToken,
  environmentId,
  file,
  onProgress,
  signal,
}: UploadRequest): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.setRequestHeader('X-Environment-Id', environmentId);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    xhr.onerror = () => reject(new Error('The upload could not reach the server.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

function parseBody(text: string): UploadAnswer['body'] {
  if (!text) return null;
  try {
    return JSON.parse(text) as UploadAnswer['body'];
  } catch {
    return null;
  }
}
