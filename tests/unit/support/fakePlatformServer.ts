import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Handler = (request: RecordedRequest) => { status: number; body?: unknown } | undefined;

/**
 * Replaces the browser's `fetch` with a small in-memory platform API (the console's network edge):
 * routes are `METHOD /path` with `:param` segments, every request is recorded for assertions.
 */
export function installFakePlatformServer(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const compiled = Object.entries(routes).map(([route, handler]) => {
    const [method, pattern] = route.split(' ');
    const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
    return { method, regex, handler };
  });

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'https://console.test');
    const body = typeof init.body === 'string' && init.body !== '' ? JSON.parse(init.body) : init.body;
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    requests.push(request);
    const route = compiled.find(
      (candidate) => candidate.method === request.method && candidate.regex.test(url.pathname),
    );
    const answer = route?.handler(request) ?? {
      status: 404,
      body: { status: 404, message: 'Niet gevonden.' },
    };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetch: fetchStub };
}
