import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxTemplate } from './support/nginx';
import { startTestServer, type TestServer } from './support/testServer';

// nginx keeps its idle HTTP/1.1 connections to the instances (deploy/nginx, `keepalive`) for its
// upstream `keepalive_timeout`. An instance must keep them open longer: one that closes an idle connection
// first makes the proxy open another (a TLS handshake) after every pause, and a request the proxy sends on
// a connection the instance is closing at that moment fails. An instance says how long it keeps an idle
// HTTP/1.1 connection in each answer's Keep-Alive header.
describe('an instance behind the proxy', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps an idle HTTP/1.1 connection open longer than nginx keeps it', async () => {
    const template = await readFile(nginxTemplate, 'utf8');
    const proxySeconds = Number(/^\s*keepalive_timeout (\d+)s;/m.exec(template)?.[1]);
    expect(proxySeconds).toBeGreaterThan(0);

    const response = await server.api('GET', '/health', { headers: { connection: 'keep-alive' } });
    expect(response.status).toBe(200);
    const instanceSeconds = Number(/timeout=(\d+)/.exec(String(response.headers['keep-alive']))?.[1]);
    expect(instanceSeconds).toBeGreaterThan(proxySeconds);
  });
});
