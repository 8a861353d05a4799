import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';

const checkedIn = new URL('../../docs/api/openapi.json', import.meta.url);

describe('OpenAPI document', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is served at /api/docs as OpenAPI 3.1 with the extensions marked', async () => {
    const response = await server.api<{
      openapi: string;
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>('GET', '/api/docs');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.body.paths['/api/1/{environmentId}/themes'].post['x-extension']).toBe(true);
    expect(response.body.paths['/api/1/{environmentId}/themes'].get['x-extension']).toBeUndefined();
  });

  it('is checked in up to date at docs/api/openapi.json (run `npm run openapi` after changing routes)', async () => {
    const served = await server.api('GET', '/api/docs');
    expect(await readFile(checkedIn, 'utf8'), 'docs/api/openapi.json is stale: run npm run openapi').toBe(
      served.text,
    );
  });
});
