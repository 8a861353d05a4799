import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers, environmentIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer } from './support/testServer';

const accessTokenTtlSeconds = 2;

describe('access token lifetime (ACCESS_TOKEN_TTL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ACCESS_TOKEN_TTL: String(accessTokenTtlSeconds) });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses the provider's own token once it expired, and accepts the refreshed one", async () => {
    const tokens = await server.signIn(demoUsers.bram.username);
    expect(tokens.expiresIn).toBeLessThanOrEqual(accessTokenTtlSeconds);
    const env = environmentIds.zuiderveen;
    expect((await server.api('GET', '/themes', { token: tokens, env })).status).toBe(200);

    await sleep((accessTokenTtlSeconds + 1) * 1000);
    const expired = await server.api('GET', '/themes', { token: tokens, env });
    expect(expired.status).toBe(401);

    const refreshed = await server.refresh(tokens.refreshToken ?? '');
    expect((await server.api('GET', '/themes', { token: refreshed, env })).status).toBe(200);
  });
});
