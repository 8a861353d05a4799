import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';

const consoleHtml = '<!doctype html><title>Digitaal publicatie platform</title><div id="root"></div>';

describe('one origin: health, console and JSON 404s', () => {
  let server: TestServer;
  let consoleBuild: string;
  beforeAll(async () => {
    consoleBuild = await mkdtemp(path.join(tmpdir(), 'dpp-console-build-'));
    await writeFile(path.join(consoleBuild, 'index.html'), consoleHtml);
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

  it('answers /health/ready after asking the database', async () => {
    expect((await server.api('GET', '/health/ready')).status).toBe(200);
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
});
