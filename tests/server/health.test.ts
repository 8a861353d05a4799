import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { consoleSecurityHeaders, everyAnswerSecurityHeaders } from '../../server/src/http/securityHeaders';
import { startTestServer, type TestServer } from './support/testServer';

const consoleHtml = '<!doctype html><title>Digitaal publicatie platform</title><div id="root"></div>';

describe('one origin: health, console and JSON 404s', () => {
  let server: TestServer;
  let consoleBuild: string;
  beforeAll(async () => {
    consoleBuild = await mkdtemp(path.join(tmpdir(), 'dpp-console-build-'));
    await writeFile(path.join(consoleBuild, 'index.html'), consoleHtml);
    await mkdir(path.join(consoleBuild, 'assets'));
    await writeFile(path.join(consoleBuild, 'assets', 'app.js'), 'export {};');
    server = await startTestServer({ STATIC_DIR: consoleBuild });
  });
  afterAll(async () => {
    await server?.close();
    await rm(consoleBuild, { recursive: true, force: true });
  });

  it('answers /health with 200 over https', async () => {
    const response = await server.api('GET', '/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers /health/ready and /ready after asking the database and the media store', async () => {
    expect((await server.api('GET', '/health/ready')).status).toBe(200);
    const ready = await server.api('GET', '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', database: 'ok', store: 'ok', identityProvider: 'ok' });
  });

  it("serves the console's index.html for client routes (history fallback)", async () => {
    for (const clientRoute of ['/', '/publications/42', '/recievers/lists/', '/media/Nieuws/2024.01']) {
      const response = await server.api('GET', clientRoute, { headers: { accept: 'text/html' } });
      expect(response.status, clientRoute).toBe(200);
      expect(response.text).toBe(consoleHtml);
    }
  });

  it('answers an unknown API path and a missing asset with a JSON 404 without a stack', async () => {
    for (const missing of ['/api/1/does/not/exist', '/assets/missing.js']) {
      const response = await server.api<Record<string, unknown>>('GET', missing);
      expect(response.status, missing).toBe(404);
      expect(response.body).toEqual({ status: 404, message: 'Deze route bestaat niet.' });
    }
  });

  it("sends the console's pages and assets with a Content-Security-Policy and no framing by other sites", async () => {
    for (const consolePath of ['/', '/publications/42', '/assets/app.js']) {
      const response = await server.api('GET', consolePath, { headers: { accept: 'text/html' } });
      expect(response.status, consolePath).toBe(200);
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("style-src 'self' 'unsafe-inline' https:");
      // The typography page previews a theme's web fonts: their stylesheets and font files are https://.
      expect(policy).toContain("font-src 'self' data: https:");
      expect(policy).toContain("frame-ancestors 'self'");
      expect(policy).toContain("object-src 'none'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    // Every answer, the API's too, forbids sniffing and keeps full URLs to the origin.
    const health = await server.api('GET', '/health');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // No HSTS on localhost: it would bind every other local development server to HTTPS too.
    expect(health.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets the console reach an external identity provider and CDN, names no other origin, and sends HSTS by name', () => {
    const external = loadConfig({
      IDENTITY_AUTHORITY: 'https://login.microsoftonline.com/tenant-id/v2.0',
      IDENTITY_CLIENT_ID: 'client',
      IDENTITY_AUDIENCE: 'api://client',
      API_SCOPE: 'api://client/access_as_user',
      CDN_BASE: 'https://beeld.example.org/cdn',
    });
    const policy = consoleSecurityHeaders(external)['content-security-policy'];
    expect(policy).toContain("connect-src 'self' https://login.microsoftonline.com;");
    expect(policy).toContain("frame-src 'self' https://login.microsoftonline.com;");
    expect(policy).toContain("img-src 'self' data: blob: https://beeld.example.org;");
    const embedded = consoleSecurityHeaders(loadConfig({}))['content-security-policy'];
    expect(embedded).toContain("connect-src 'self';");
    expect(embedded).toContain("img-src 'self' data: blob:;");
    // HSTS wherever the console is reached by name over HTTPS.
    const published = loadConfig({ PUBLIC_URL: 'https://console.example.org' });
    expect(everyAnswerSecurityHeaders(published)['strict-transport-security']).toBe('max-age=31536000');
  });
});
