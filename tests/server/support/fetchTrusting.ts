import { httpsRequest } from './https';

/** A fetch for the identity module that trusts one self-signed certificate (GET only, JSON answers). */
export function fetchTrusting(ca: string): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const response = await httpsRequest({ method: init?.method ?? 'GET', url, ca });
    return new Response(response.text, {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}
