import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';

// With REDIS_URL the public limits count across instances: two servers sharing one Redis answer a
// client together no more often than one would. (Without it each counts alone: publicReadLimits.test.ts;
// across processes behind nginx: multiInstance.test.ts.)
// Redis runs on the development machines and CI at 127.0.0.1:6379 (TEST_REDIS_URL overrides).
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limits shared through Redis', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    // A prefix of its own: parallel runs on one Redis never count each other's requests.
    const shared = {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      HEALTH_RATE_LIMIT: '6',
      UNKNOWN_PATH_RATE_LIMIT: '4',
      TRACKING_RATE_LIMIT: '4',
    };
    a = await startTestServer(shared);
    b = await startTestServer(shared);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('refuses the seventh request to /health within a minute, wherever the six before it went', async () => {
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a, b]) statuses.push((await server.api('GET', '/health')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const refusedByA = await a.api<{ message: string }>('GET', '/health');
    const refusedByB = await b.api<{ message: string }>('GET', '/health');
    expect([refusedByA.status, refusedByB.status]).toEqual([429, 429]);
    expect(refusedByB.body.message).toMatch(/^Te veel verzoeken/);
  });

  it('counts requests to paths no route answers together too', async () => {
    const statuses: number[] = [];
    for (const server of [a, b, a, b])
      statuses.push((await server.api('POST', '/bestaat-niet', { body: {} })).status);
    expect(statuses).toEqual([404, 404, 404, 404]);
    expect((await a.api('GET', '/bestaat-niet')).status).toBe(429);
    expect((await b.api('DELETE', '/api/1/bestaat-niet')).status).toBe(429);
  });

  it('counts opens and clicks together, before Fastify too (routes/tracking.ts)', async () => {
    const statuses: number[] = [];
    for (const server of [a, b]) statuses.push((await server.api('GET', '/t/o/nagemaakt.gif')).status);
    for (const server of [a, b]) statuses.push((await server.api('GET', '/t/c/nagemaakt')).status);
    expect(statuses).toEqual([200, 200, 404, 404]);
    expect((await a.api('GET', '/t/o/nagemaakt.gif')).status).toBe(429);
    expect((await b.api('GET', '/t/c/nagemaakt')).status).toBe(429);
  });
});
