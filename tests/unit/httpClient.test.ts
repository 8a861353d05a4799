import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { HttpError } from 'react-admin';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { emptyAnswer, jsonAnswer, mockFetch } from './support/fetchEdge';

const environmentId = 'env-zuiderveen';
const unreachable =
  'De server is niet bereikbaar. Wat je hebt ingevuld blijft staan; probeer het zo opnieuw.';

function client(overrides: Partial<Parameters<typeof createHttpClient>[0]> = {}) {
  return createHttpClient({
    baseUrl: '',
    getAccessToken: async () => 'token-123',
    getEnvironmentId: () => environmentId,
    ...overrides,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('httpClient headers', () => {
  it('sends the bearer token and the environment header, and the path names the same environment', async () => {
    const { sent } = mockFetch(() => jsonAnswer([]));
    const http = client();

    await http.json(http.environmentPath('/lists/'));

    expect(sent[0].path).toBe('/api/1/env-zuiderveen/lists/');
    expect(sent[0].headers.get('Authorization')).toBe('Bearer token-123');
    expect(sent[0].headers.get('X-Environment-Id')).toBe(environmentId);
    expect(sent[0].headers.get('Accept')).toBe('application/json');
  });

  it('calls environment info without token or environment header', async () => {
    const { sent } = mockFetch(() => jsonAnswer({ id: 'env-zuiderveen' }));
    const getAccessToken = vi.fn(async () => 'token-123');

    const { data } = await client({ getAccessToken }).json('/api/1/environment/info');

    expect(data).toEqual({ id: 'env-zuiderveen' });
    expect(sent[0].headers.has('Authorization')).toBe(false);
    expect(sent[0].headers.has('X-Environment-Id')).toBe(false);
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  it('leaves the environment header out before an environment is chosen', async () => {
    const { sent } = mockFetch(() => jsonAnswer('user-1'));

    await client({ getEnvironmentId: () => undefined }).json('/api/1/users', {
      method: 'POST',
      body: { a: 1 },
    });

    expect(sent[0].headers.get('Authorization')).toBe('Bearer token-123');
    expect(sent[0].headers.has('X-Environment-Id')).toBe(false);
  });

  it('builds the query string from the set values only', async () => {
    const { sent } = mockFetch(() => emptyAnswer());

    await client().json('/api/1/env/list/manual/7', {
      method: 'PUT',
      query: { title: 'Nieuwsbrief & co', isTest: false, skipped: undefined, none: null, ids: ['a', 'b'] },
    });

    expect(sent[0].query.toString()).toBe('title=Nieuwsbrief+%26+co&isTest=false&ids=a&ids=b');
  });
});

describe('httpClient content type (spec §7: only for a body longer than 2 characters)', () => {
  it.each([
    ['an object with content', { name: 'Lijst' }, '{"name":"Lijst"}'],
    ['a list with content', ['a'], '["a"]'],
  ])('sends %s as JSON with the content type', async (_case, body, serialised) => {
    const { sent } = mockFetch(() => emptyAnswer());

    await client().json('/api/1/env/x', { method: 'POST', body });

    expect(sent[0].body).toBe(serialised);
    expect(sent[0].headers.get('Content-Type')).toBe('application/json');
  });

  it.each([
    ['an empty object', {}],
    ['an empty list', []],
    ['an empty string', ''],
    ['no body', undefined],
  ])('sends %s without body and without content type', async (_case, body) => {
    const { sent } = mockFetch(() => emptyAnswer());

    await client().json('/api/1/env/x', { method: 'POST', body });

    expect(sent[0].body).toBeUndefined();
    expect(sent[0].headers.has('Content-Type')).toBe(false);
  });

  it('passes multipart FormData through untouched, so the browser sets the boundary', async () => {
    const { sent } = mockFetch(() => jsonAnswer({ id: 'file-1' }));
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'hello.txt');

    await client().json('/api/1/env/directory/d1/file', { method: 'POST', body: form });

    expect(sent[0].body).toBe(form);
    expect(sent[0].headers.has('Content-Type')).toBe(false);
    expect(sent[0].headers.get('Authorization')).toBe('Bearer token-123');
  });
});

describe('httpClient responses', () => {
  it('answers {data, status, ok, headers}', async () => {
    mockFetch(() => jsonAnswer([{ id: 1 }], { status: 200, headers: { 'X-Total-Count': '1' } }));

    const response = await client().json('/api/1/env/lists/');

    expect(response.data).toEqual([{ id: 1 }]);
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('X-Total-Count')).toBe('1');
  });

  it('gives null for an empty answer and the text for an answer that is not JSON', async () => {
    mockFetch((request) => (request.path.endsWith('empty') ? emptyAnswer() : new Response('new-id-7')));

    expect((await client().json('/api/1/env/empty')).data).toBeNull();
    expect((await client().json('/api/1/env/text')).data).toBe('new-id-7');
  });

  it('has text and blob variants', async () => {
    mockFetch(() => new Response('a,b\n1,2', { headers: { 'Content-Type': 'text/csv' } }));

    expect((await client().text('/api/1/env/export')).data).toBe('a,b\n1,2');
    const { data } = await client().blob('/api/1/env/export');
    expect(await data.text()).toBe('a,b\n1,2');
  });
});

describe('httpClient errors', () => {
  it("becomes an HttpError with the status and the server's Dutch message", async () => {
    const body = { status: 409, message: 'E-mailadres is al in gebruik binnen deze lijst.', field: 'email' };
    mockFetch(() => jsonAnswer(body, { status: 409 }));

    const error = await client()
      .json('/api/1/env/list/manual/1/subscriber', { method: 'POST', body: { email: 'a@b.nl' } })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, message: body.message, body });
  });

  it('falls back to a Dutch message when the server gives none', async () => {
    mockFetch(() => new Response('<html>Internal Server Error</html>', { status: 500 }));

    await expect(client().json('/api/1/env/lists/')).rejects.toMatchObject({
      status: 500,
      message: 'Er is iets misgegaan (fout 500). Probeer het later opnieuw.',
    });
  });

  it('reports an unreachable server in Dutch', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    await expect(client().json('/api/1/env/lists/')).rejects.toMatchObject({
      status: 0,
      message: unreachable,
    });
  });

  it.each([
    [
      "Fastify's answer while the server stops",
      503,
      '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}',
    ],
    ["a proxy's error page", 502, '<html>Bad Gateway</html>'],
    ['an empty gateway timeout', 504, ''],
  ])('reports %s as the same unreachable server, not in English', async (_case, status, body) => {
    mockFetch(() => new Response(body, { status }));

    const error = await client()
      .json('/api/1/env/lists/')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status, message: unreachable });
  });

  it("keeps the platform's own message of a 503 (a service of its own that is down)", async () => {
    const body = { status: 503, message: 'De aanmeldservice is op dit moment niet bereikbaar.' };
    mockFetch(() => jsonAnswer(body, { status: 503 }));

    await expect(client().json('/api/1/env/lists/')).rejects.toMatchObject({
      status: 503,
      message: body.message,
    });
  });

  it('fails with a 401 when no token can be had, without calling the server', async () => {
    const { fetch } = mockFetch(() => jsonAnswer([]));
    const getAccessToken = () => Promise.reject(new Error('interaction_required'));

    await expect(client({ getAccessToken }).json('/api/1/env/lists/')).rejects.toMatchObject({
      status: 401,
      message: 'Je sessie is verlopen. Log opnieuw in.',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lets a cancelled request end as an abort, not as an error message', async () => {
    mockFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    const controller = new AbortController();
    controller.abort();

    await expect(client().json('/api/1/env/lists/', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
