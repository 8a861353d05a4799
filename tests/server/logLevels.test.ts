import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentIds } from '../../server/src/seed/ids';
import { freePort } from './support/freePort';
import { copyPgliteTemplate } from './support/pgliteTemplate';
import { httpsRequest, type HttpsResponse } from './support/https';
import { exitWithin, spawnServer, waitForHealth, type ServerProcess } from './support/serverProcess';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; route?: string; environmentId?: string; remoteAddress?: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** Log lines of the server's output, parsed (pino writes one JSON object per line). */
function logLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The status of a GET over HTTP/2, as the browser calls the API. */
async function http2Status(origin: string, path: string, ca: string): Promise<number> {
  const session = connect(origin, { ca });
  try {
    return await new Promise<number>((resolve, reject) => {
      const stream = session.request({ ':path': path });
      stream.on('response', (headers) => resolve(Number(headers[':status'])));
      stream.on('error', reject);
      stream.resume();
    });
  } finally {
    session.close();
  }
}

// The server runs at the production level `info`; the requests are sent first, then the server stops and
// its output is read.
describe('the request log at level info', () => {
  let dataDir: string;
  let server: ServerProcess;
  let oversized: HttpsResponse;
  let searched: HttpsResponse;
  let searchedOverHttp2: number;
  let tokenStatuses: number[];
  let output: string;
  const searchPath = `/api/1/${environmentIds.zuiderveen}/unsubscribers`;
  // Tokens the way the links carry them (forged ones: the log must not tell either kind apart).
  const tokens = Array.from(
    { length: 4 },
    () => `${randomBytes(6).readUIntBE(0, 6).toString(36)}.${randomBytes(16).toString('base64url')}`,
  );
  const longToken = `geheim${randomBytes(8).toString('hex')}${'a'.repeat(5000)}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'dpp-log-test-'));
    // The suite's migrated database instead of an initdb at start; the server still seeds it.
    await copyPgliteTemplate(dataDir);
    const port = await freePort();
    const url = `https://localhost:${port}`;
    server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), HOST: 'localhost', LOG_LEVEL: 'info' });
    await waitForHealth(server, url, dataDir);
    const ca = readFileSync(path.join(dataDir, 'tls', 'localhost-cert.pem'), 'utf8');
    oversized = await httpsRequest({
      method: 'POST',
      url: `${url}/oidc/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=${'a'.repeat(60 * 1024)}`,
      ca,
    });
    searched = await httpsRequest({
      method: 'GET',
      url: `${url}${searchPath}?search=${encodeURIComponent('zoekterm-in-log@example.org')}`,
      ca,
    });
    searchedOverHttp2 = await http2Status(url, `${searchPath}?search=zoekterm-in-log`, ca);
    const post = { 'content-type': 'application/x-www-form-urlencoded' };
    tokenStatuses = [
      (await httpsRequest({ method: 'GET', url: `${url}/u/${tokens[0]}`, ca })).status,
      (await httpsRequest({ method: 'POST', url: `${url}/u/${tokens[1]}`, headers: post, body: '', ca }))
        .status,
      await http2Status(url, `/u/${tokens[2]}`, ca),
      (await httpsRequest({ method: 'GET', url: `${url}/u/${tokens[3]}/verder?ticket=${tokens[3]}`, ca }))
        .status,
      (await httpsRequest({ method: 'GET', url: `${url}/u/${longToken}`, ca })).status,
      (await httpsRequest({ method: 'GET', url: `${url}/u/${tokens[0]}%FF`, ca })).status,
    ];
    server.child.kill('SIGTERM');
    ({ output } = await exitWithin(server, 15_000));
  });
  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs an oversized body to /oidc/token at info, answered 413, never at error level', () => {
    expect(oversized.status).toBe(413);
    const lines = logLines(output);
    expect(lines.find((line) => line.msg.includes('body too large'))?.level).toBe(30);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('writes one line per answered request, with its path and client but without the query string', () => {
    expect([searched.status, searchedOverHttp2]).toEqual([401, 401]);
    const route = '/api/1/:environmentId/unsubscribers';
    const lines = logLines(output).filter((line) => line.req?.route === route);
    expect(lines).toHaveLength(2); // HTTP/1.1, then HTTP/2
    for (const line of lines) {
      expect(line).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', route },
        res: { statusCode: 401 },
      });
      expect(line.req?.remoteAddress).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
      expect(line.responseTime).toBeGreaterThan(0);
    }
    expect(output).not.toContain('zoekterm-in-log');
    expect(output).not.toContain('incoming request');
  });

  it('never writes a token of a link, whatever became of the request', () => {
    // Forged tokens: 400; below the link: 404; too long: 414; not valid percent-encoding: 400.
    expect(tokenStatuses).toEqual([400, 400, 400, 404, 414, 400]);
    for (const token of [...tokens, longToken]) {
      expect(output).not.toContain(token);
      expect(output).not.toContain(token.slice(-12));
    }
    const unsubscribeLines = logLines(output).filter((line) => line.req?.route === '/u/:token');
    expect(unsubscribeLines.map((line) => line.req?.method).sort()).toEqual(['GET', 'GET', 'POST']);
  });
});
