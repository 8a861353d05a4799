import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTlsCertificate } from '../../server/src/tls';
import { freePort } from './support/freePort';
import { httpsRequest } from './support/https';
import { startNginx, type TestNginx } from './support/nginx';

// The proxy (deploy/nginx) with one instance gone and the other busy for a few seconds, as on a loaded
// machine or in a long pause: the instance still alive must be waited for, not taken out. nginx takes an
// instance out for fail_timeout when a connection to it times out (its TLS handshake included), and with
// every instance out it answers 502 to everything, also after the pause. Seen in CI: a console loaded
// through nginx right after an instance was killed got 502 for all its code at once.

/** A stand-in instance in a process of its own, so that it can be paused (SIGSTOP) like a busy one. */
const standInSource = `
  const { createServer } = require('node:https');
  const { readFileSync } = require('node:fs');
  const server = createServer(
    { key: readFileSync(process.env.KEY_PATH), cert: readFileSync(process.env.CERT_PATH) },
    (request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'),
  );
  server.keepAliveTimeout = 72000;
  server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
`;

/** Requests the console's first load sends at once (its code chunks). */
const burst = 20;
/** How long the instance is paused: longer than a TLS handshake takes, shorter than anyone waits. */
const pauseMs = 3_000;

describe('nginx in front of one instance gone and one paused for a few seconds', () => {
  let dataDir: string;
  let standIn: ChildProcess;
  let nginx: TestNginx;
  let ca: string;

  /** `count` reads at once: each one's status, and how long the slowest took. */
  const reads = async (count: number, from: number) => {
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const answer = await httpsRequest({
          method: 'GET',
          url: `${nginx.url}/assets/${from + index}.js`,
          ca,
        });
        return answer.status;
      }),
    );
    return { statuses, slowestMs: Date.now() - started };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-proxy-slow-'));
    const tls = await ensureTlsCertificate(dataDir);
    ca = tls.cert;
    const keyPath = path.join(dataDir, 'tls', 'localhost-key.pem');
    const standInPort = await freePort();
    standIn = spawn(process.execPath, ['-e', standInSource], {
      env: { ...process.env, PORT: String(standInPort), KEY_PATH: keyPath, CERT_PATH: tls.certPath },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await Promise.race([
      once(standIn.stdout!, 'data'),
      once(standIn, 'exit').then(([code]) => {
        throw new Error(`the stand-in exited with ${String(code)} before it listened`);
      }),
    ]);
    const proxyPort = await freePort();
    let gonePort = await freePort();
    while (gonePort === proxyPort || gonePort === standInPort) gonePort = await freePort();
    nginx = await startNginx({
      port: proxyPort,
      // The first instance is gone: nothing listens on its port, so connections to it are refused.
      upstreams: [`127.0.0.1:${gonePort}`, `127.0.0.1:${standInPort}`],
      certificatePath: tls.certPath,
      keyPath,
    });
  });

  afterAll(async () => {
    standIn?.kill('SIGCONT');
    standIn?.kill('SIGKILL');
    await nginx?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers every read once the paused instance goes on, and every read right after', async () => {
    expect((await reads(2, 0)).statuses).toEqual([200, 200]);

    standIn.kill('SIGSTOP');
    // Settled into a result at once, so that a failed read is reported by the assertion below.
    const duringPause = reads(burst, 100).then(
      (result) => result,
      (error: unknown) => ({ statuses: [String(error)], slowestMs: 0 }),
    );
    // The pause is the scenario, in real time: nginx's own timeouts run on its clock, not one a test moves.
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    standIn.kill('SIGCONT');

    const paused = await duringPause;
    expect(paused.statuses).toEqual(Array(burst).fill(200));
    // The reads did wait for the paused instance (longer than the 2 s nginx once gave a connection).
    expect(paused.slowestMs).toBeGreaterThanOrEqual(2_000);
    expect((await reads(burst, 200)).statuses).toEqual(Array(burst).fill(200));
    // What nginx logged: the gone instance refused, the paused one was never taken out.
    expect(await nginx.errorLog(200)).not.toMatch(/no live upstreams|timed out/);
  });
});
