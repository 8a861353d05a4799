import { vi } from 'vitest';

/** One request as it left the console: what the tests assert on. */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The raw body handed to fetch (a string for JSON, the FormData itself for uploads). */
  body: BodyInit | null | undefined;
  /** The body parsed as JSON, for JSON requests. */
  json(): unknown;
}

type Answer = (request: SentRequest) => Response | Promise<Response>;

/**
 * Replaces `fetch`, the console's network edge, with `answer`; everything above it (httpClient,
 * dataProvider, react-admin) is the real code. Every request is recorded.
 */
export function mockFetch(answer: Answer) {
  const sent: SentRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'https://console.test');
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: init.body,
      json: () => JSON.parse(String(init.body)),
    };
    sent.push(request);
    return answer(request);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { sent, fetch: fetchStub };
}

export function jsonAnswer(
  body: unknown,
  { status = 200, headers = {} }: { status?: number; headers?: Record<string, string> } = {},
) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function emptyAnswer(status = 204) {
  return new Response(null, { status });
}
