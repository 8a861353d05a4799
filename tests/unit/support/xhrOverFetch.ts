import { vi } from 'vitest';

type Handler = ((event: ProgressEvent) => void) | null;

/**
 * Stands in for XMLHttpRequest, which the HTTP layer uses for uploads (their progress), by sending
 * through `fetch`: so an upload meets the same fetch edge (`mockFetch`) as every other call, and the
 * code above it (httpClient, dataProvider, views) is the real one. It reports the body as sent once,
 * whole, before the answer, as a browser's last progress event does.
 */
class XhrOverFetch {
  readonly upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private readonly headers = new Headers();
  private readonly controller = new AbortController();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  abort() {
    this.controller.abort();
  }

  send(body: FormData) {
    const total = [...body.values()].reduce(
      (sum, value) => sum + (typeof value === 'string' ? value.length : value.size),
      0,
    );
    this.upload.onprogress?.(progress(total, total));
    fetch(this.url, {
      method: this.method,
      headers: this.headers,
      body,
      signal: this.controller.signal,
    }).then(
      async (response) => {
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.(progress(0, 0));
      },
      () => (this.controller.signal.aborted ? this.onabort : this.onerror)?.(progress(0, 0)),
    );
  }
}

function progress(loaded: number, total: number): ProgressEvent {
  return { lengthComputable: total > 0, loaded, total } as ProgressEvent;
}

/** Uploads go through `fetch` (mock it with `mockFetch`) until `vi.unstubAllGlobals()`. */
export function installXhrOverFetch() {
  vi.stubGlobal('XMLHttpRequest', XhrOverFetch);
}
