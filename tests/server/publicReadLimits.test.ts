import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { startTestServer, type TestServer } from './support/testServer';

// The public reads without sign-in are rate-limited per client address like every public endpoint:
// `/api/1/environment/info` (a database query each time), `/health` (650 of 650 requests from one
// address were answered) and `/api/docs` (the whole document, compressed anew each time). The limits
// here are lowered to see them; the defaults stay generous.

interface ErrorBody {
  status: number;
  message: string;
}

describe('rate limits of the public reads', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      HEALTH_RATE_LIMIT: '5',
      ENVIRONMENT_INFO_RATE_LIMIT: '3',
      TRACKING_RATE_LIMIT: '4',
      API_DOCS_RATE_LIMIT: '2',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['/api/1/environment/info', 3],
    ['/health', 5],
    ['/health/ready', 5],
    ['/api/docs', 2],
  ])('answers %s %i times a minute per address, then a Dutch 429', async (path, limit) => {
    for (let request = 0; request < limit; request += 1)
      expect((await server.api('GET', path)).status).toBe(200);
    const refused = await server.api<ErrorBody>('GET', path);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ status: 429, message: expect.stringMatching(/^Te veel verzoeken/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  // The tracking endpoints are answered before Fastify (routes/tracking.ts), with a limit of their own.
  it('answers the open pixel and the click redirect 4 times a minute per address together, then a Dutch 429', async () => {
    const pixel = await server.api('GET', '/t/o/nagemaakt.gif');
    expect(pixel.status).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(pixel.headers['x-content-type-options']).toBe('nosniff');
    expect((await server.api('HEAD', '/t/o/nagemaakt.gif')).status).toBe(200);
    expect((await server.api('GET', '/t/c/nagemaakt')).status).toBe(404);
    expect((await server.api('GET', '/t/c/nagemaakt?utm=x')).status).toBe(404);
    for (const path of ['/t/o/nagemaakt.gif', '/t/c/nagemaakt']) {
      const refused = await server.api<ErrorBody>('GET', path);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ status: 429, message: expect.stringMatching(/^Te veel verzoeken/) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['cache-control']).toContain('no-store');
    }
  });

  it('defaults to limits a load balancer and the console stay far below', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.publicReads).toEqual({
      healthPerMinute: 1200,
      // Every console start asks it; an office of 2,000 behind one address (environment.test.ts).
      environmentInfoPerMinute: 20_000,
      unknownPathsPerMinute: 600,
      // A reader or a tool fetches the OpenAPI document now and then.
      apiDocsPerMinute: 60,
    });
  });
});
