import { readFile } from 'node:fs/promises';
import { createConfig, lintFromString } from '@redocly/openapi-core';
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
    // Data only: nothing loads or runs in it and no page may frame it (issue 28, finding 7).
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
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

  it("lints clean with Redocly's recommended rules (an independent OpenAPI linter)", async () => {
    const served = await server.api('GET', '/api/docs');
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The spec's paths (`/publications/`, `/lists/`, …) end in a slash, and Fastify matches them exactly.
        'no-path-trailing-slash': 'off',
        // A private project's API: there is no licence to name.
        'info-license': 'off',
      },
    });
    const problems = await lintFromString({ source: served.text, absoluteRef: 'openapi.json', config });
    const found = problems.map(
      (problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`,
    );
    expect(found).toEqual([]);
  });

  it('names every operation with a unique operationId and every path parameter by a name', async () => {
    const served = await server.api<{ paths: Record<string, Record<string, { operationId?: string }>> }>(
      'GET',
      '/api/docs',
    );
    const operations = Object.entries(served.body.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, id: operation.operationId })),
    );
    expect(operations.filter((operation) => !operation.id)).toEqual([]);
    const ids = operations.map((operation) => operation.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(served.body.paths)).toContain('/api/1/{environmentId}/media/{path}');
    const read = operations.find(
      (operation) =>
        operation.path === '/api/1/{environmentId}/publications/{id}' && operation.method === 'get',
    );
    expect(read?.id).toBe('getPublicationsById');
  });
});
