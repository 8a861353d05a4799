/** A multipart upload as the HTTP layer sends it. */
export interface UploadRequest {
  /** The file, sent as the multipart field `file`. */
  file: File;
  /** Text fields sent before the file (an import's mode, mapping and consent). */
  fields?: Readonly<Record<string, string>>;
  /** Bytes sent so far, of `total` (the multipart body, a little more than the file). */
  onProgress?(loaded: number, total: number): void;
  signal?: AbortSignal;
}

/** What came back: any HTTP status, with the body's text. */
export interface UploadAnswer {
  status: number;
  text: string;
}

/**
 * One upload, one request (spec §7). XMLHttpRequest rather than fetch, because only it reports upload
 * progress over HTTP/1.1; it lives here, in the HTTP layer, so that no view sends a request of its own.
 * Resolves with any HTTP status; rejects only when no answer came (network failure, abort).
 */
export function sendUpload(
  url: string,
  headers: Headers,
  { file, fields = {}, onProgress, signal }: UploadRequest,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new Error('The upload could not reach the server.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
