import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * In production every answer carries the server's headers, also those of the embedded provider (a Koa app
 * the server hands the raw request to), and the contract at /api/docs is only served when asked for
 * (issue 28, finding 7).
 */
describe('headers in production', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      NODE_ENV: 'production',
      EMBEDDED_IDENTITY: 'on',
      // Reached by name: HSTS is only left out for a loopback address.
      PUBLIC_URL: 'https://console.example.org',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['/oidc/.well-known/openid-configuration', '/oidc/jwks'])(
    'sends nosniff, a referrer policy and HSTS with %s',
    async (providerPath) => {
      const response = await server.api('GET', providerPath);
      expect(response.status).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    },
  );

  it('lets the key set be cached for a while, shorter than a key lives', async () => {
    const response = await server.api('GET', '/oidc/jwks');
    expect(response.headers['cache-control']).toBe('public, max-age=600');
  });

  it('does not serve /api/docs unless API_DOCS=on', async () => {
    expect((await server.api('GET', '/api/docs')).status).toBe(404);
  });
});

describe('API_DOCS', () => {
  it('is on by default outside production, off in production, and follows the switch', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', EMBEDDED_IDENTITY: 'on' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', EMBEDDED_IDENTITY: 'on', API_DOCS: 'on' }).apiDocs).toBe(
      true,
    );
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrow(/API_DOCS/);
  });
});
