import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoUsers, environmentIds } from '../../server/src/seed/ids';
import { startTestServer, type TestServer } from './support/testServer';

const accessTokenTtlSeconds = 2;

describe('access token lifetime (ACCESS_TOKEN_TTL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ACCESS_TOKEN_TTL: String(accessTokenTtlSeconds) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses the provider's own token once it expired, and accepts the refreshed one", async () => {
    // The server runs in this process: moving its clock (Date only; timers and I/O stay real) lets the
    // token expire without waiting for it, for the verifier and the provider alike.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const tokens = await server.signIn(demoUsers.bram.username);
    expect(tokens.expiresIn).toBeLessThanOrEqual(accessTokenTtlSeconds);
    const env = environmentIds.zuiderveen;
    expect((await server.api('GET', '/themes', { token: tokens, env })).status).toBe(200);

    vi.setSystemTime(Date.now() + (accessTokenTtlSeconds + 1) * 1000);
    const expired = await server.api('GET', '/themes', { token: tokens, env });
    expect(expired.status).toBe(401);

    const refreshed = await server.refresh(tokens.refreshToken ?? '');
    expect((await server.api('GET', '/themes', { token: refreshed, env })).status).toBe(200);
  });
});
