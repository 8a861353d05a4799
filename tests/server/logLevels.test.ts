import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/freePort';
import { httpsRequest } from './support/https';
import { exitWithin, spawnServer, waitForHealth, type ServerProcess } from './support/serverProcess';

/** Log lines of the server's output, parsed (pino writes one JSON object per line). */
function logLines(output: string): { level: number; msg: string }[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });
}

describe('log levels: a client mistake is no server error', () => {
  let dataDir: string;
  let server: ServerProcess;
  let url: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dpp-log-test-'));
    const port = await freePort();
    url = `https://localhost:${port}`;
    server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), HOST: 'localhost', LOG_LEVEL: 'info' });
    await waitForHealth(server, url, dataDir);
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs an oversized body to /oidc/token at info, answered 413, never at error level', async () => {
    const response = await httpsRequest({
      method: 'POST',
      url: `${url}/oidc/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=${'a'.repeat(60 * 1024)}`,
      ca: readFileSync(path.join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8'),
    });
    expect(response.status).toBe(413);
    server.child.kill('SIGTERM');
    const { output } = await exitWithin(server, 15_000);
    const lines = logLines(output);
    expect(lines.find((line) => line.msg.includes('body too large'))?.level).toBe(30);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
