import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureTlsCertificate } from '../../server/src/tls';
import { freePort } from './support/freePort';
import { httpsRequest } from './support/https';
import { startNginx, type TestNginx } from './support/nginx';

// The proxy's retries (deploy/nginx, proxy_next_upstream) when an instance fails a request it was
// given: nginx passes an idempotent request (GET) on to the next instance, so a killed instance costs no
// read, but never a POST, which may have had its effect before the instance died: that one is answered
// 502 rather than sent twice. The instances here are stand-ins that take each request, note it and then
// fail it (drop the connection unanswered, as a killed instance does, or answer 503, as a stopping one
// does): a real instance cannot be killed at that exact moment. Every stand-in fails, so each try shows.

type Failure = 'drops the connection' | 'answers 503';

interface StandIn {
  server: Server;
  port: number;
}

describe('nginx in front of instances that fail a request they were given', () => {
  let dataDir: string;
  let tls: Awaited<ReturnType<typeof ensureTlsCertificate>>;
  /** The requests the stand-ins received: "<instance> <method> <path>". */
  const received: string[] = [];
  let failure: Failure = 'drops the connection';
  const standIns: StandIn[] = [];
  let nginx: TestNginx | undefined;

  const startStandIn = async (name: string): Promise<StandIn> => {
    const server = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
      received.push(`${name} ${request.method} ${request.url}`);
      request.resume();
      request.on('end', () => {
        if (failure === 'drops the connection') request.socket.destroy();
        else response.writeHead(503, { 'content-type': 'text/plain' }).end('stopping');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { server, port: (server.address() as AddressInfo).port };
  };

  /** A fresh nginx (no instance marked failed yet) in front of both stand-ins; one request through it. */
  const through = async (method: 'GET' | 'POST') => {
    nginx = await startNginx({
      port: await freePort(),
      upstreams: standIns.map(({ port }) => `127.0.0.1:${port}`),
      certificatePath: tls.certPath,
      keyPath: path.join(dataDir, 'tls', 'localhost-key.pem'),
    });
    return httpsRequest({
      method,
      url: `${nginx.url}/api/1/lists`,
      ca: tls.cert,
      ...(method === 'POST' && {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Nieuwe lijst' }),
      }),
    });
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-proxy-retries-'));
    tls = await ensureTlsCertificate(dataDir);
    standIns.push(await startStandIn('a'), await startStandIn('b'));
  });

  afterEach(async () => {
    await nginx?.close();
    nginx = undefined;
    received.length = 0;
  });

  afterAll(async () => {
    for (const { server } of standIns) {
      server.closeAllConnections();
      server.close();
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  for (const how of ['drops the connection', 'answers 503'] as const) {
    it(`passes a GET on to the next instance when one ${how}`, async () => {
      failure = how;
      const answer = await through('GET');
      // Both stand-ins fail it: the client sees the last failure, after both were tried.
      expect(answer.status).toBe(how === 'answers 503' ? 503 : 502);
      expect(received.sort()).toEqual(['a GET /api/1/lists', 'b GET /api/1/lists']);
    });

    it(`sends a POST to one instance only when it ${how}`, async () => {
      failure = how;
      const answer = await through('POST');
      expect(answer.status).toBe(how === 'answers 503' ? 503 : 502);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^[ab] POST \/api\/1\/lists$/);
    });
  }
});
