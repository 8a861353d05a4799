import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressFile } from '../../scripts/precompressPlugin';
import { demoUsers, environmentIds, receiverIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer } from './support/testServer';

// Big enough to be compressed (the build skips files under 1 KB).
const consoleHtml = `<!doctype html><title>Digitaal publicatie platform</title><div id="root"></div>${'<!-- -->'.repeat(200)}`;
const entryScript = `console.log('Digitaal publicatie platform');\n`.repeat(100);
const entryPath = '/assets/index-Bx4f9aQ1.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET without decoding the body, to see exactly what travels over the wire. */
function getRaw(server: TestServer, urlPath: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${urlPath}`, { headers, ca: server.certificatePem }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe("compressed delivery: the console's built files and the API's answers", () => {
  let server: TestServer;
  let consoleBuild: string;
  beforeAll(async () => {
    consoleBuild = await mkdtemp(path.join(tmpdir(), 'dpp-console-build-'));
    await mkdir(path.join(consoleBuild, 'assets'));
    const files = [path.join(consoleBuild, 'index.html'), path.join(consoleBuild, entryPath)];
    await writeFile(files[0], consoleHtml);
    await writeFile(files[1], entryScript);
    // The build's own step writes the .br and .gz copies.
    for (const file of files) await compressFile(file);
    server = await startTestServer({ STATIC_DIR: consoleBuild });
  });
  afterAll(async () => {
    await server?.close();
    await rm(consoleBuild, { recursive: true, force: true });
  });

  it('sends a hashed asset brotli-compressed when the browser accepts it, cached for a year', async () => {
    const response = await getRaw(server, entryPath, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.length).toBeLessThan(entryScript.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(entryScript);
  });

  it('sends gzip to a browser without brotli, and the file as it is to one without either', async () => {
    const gzipped = await getRaw(server, entryPath, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(entryScript);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await getRaw(server, entryPath, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(entryScript);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html compressed and revalidated on every load, also for client routes', async () => {
    for (const page of ['/', '/publications/42']) {
      const response = await getRaw(server, page, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      expect(response.status, page).toBe(200);
      expect(response.headers['content-encoding'], page).toBe('br');
      expect(response.headers['content-type'], page).toMatch(/text\/html/);
      expect(response.headers['cache-control'], page).toBe('no-cache');
      expect(brotliDecompressSync(response.body).toString(), page).toBe(consoleHtml);
    }
  });

  it('compresses JSON answers of 1 KB and more as the client asks, and leaves small ones as they are', async () => {
    const document = await getRaw(server, '/api/docs', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(document.status).toBe(200);
    expect(document.headers['content-encoding']).toBe('br');
    const json = JSON.parse(brotliDecompressSync(document.body).toString()) as { openapi: string };
    expect(json.openapi).toMatch(/^3\./);
    expect(document.body.length).toBeLessThan(Buffer.byteLength(JSON.stringify(json)) / 4);

    const gzipped = await getRaw(server, '/api/docs', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.body).toString())).toEqual(json);

    const health = await getRaw(server, '/health', { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });

  it('compresses a page of subscribers in one go, its length known before it is sent', async () => {
    const anne = await server.signIn(demoUsers.anne.username);
    const pagePath = `/api/1/${environmentIds.zuiderveen}/list/manual/${receiverIds.lists.residents}/subscribers`;
    const headers = {
      authorization: `Bearer ${anne.accessToken}`,
      'x-environment-id': environmentIds.zuiderveen,
    };
    const page = await getRaw(server, pagePath, { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(Number(page.headers['content-length'])).toBe(page.body.length);
    const plain = await getRaw(server, pagePath, headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(page.body).toString()).toBe(plain.body.toString());
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const response = await getRaw(server, `${entryPath}.br`, { 'accept-encoding': 'br' });
    expect(response.status).toBe(404);
  });
});
