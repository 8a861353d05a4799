import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/testServer';

// The embedded provider is public (no sign-in needed to reach it): each client address is bounded.
describe('embedded identity provider rate limit (IDENTITY_RATE_LIMIT)', () => {
  let server: TestServer;

  beforeAll(async () => {
    // TRUST_PROXY: each test speaks from its own client address (X-Forwarded-For).
    server = await startTestServer({ IDENTITY_RATE_LIMIT: '3', TRUST_PROXY: 'on' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const from = (address: string) => ({ headers: { 'x-forwarded-for': address, accept: 'text/html' } });

  it('answers the provider endpoints 429 in Dutch once an address made its requests for the minute', async () => {
    const statuses: number[] = [];
    for (let request = 0; request < 4; request += 1) {
      statuses.push(
        (await server.api('GET', '/oidc/.well-known/openid-configuration', from('10.3.0.1'))).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await server.api<{ message: string }>('GET', '/oidc/jwks', from('10.3.0.1'));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Te veel verzoeken\. Probeer het over \d+ seconden opnieuw\.$/);
    // Another address is not affected.
    expect((await server.api('GET', '/oidc/jwks', from('10.3.0.2'))).status).toBe(200);
  });

  it('shows the sign-in step a Dutch 429 page instead of the form', async () => {
    const path = '/oidc/interaction/onbekend';
    const statuses: number[] = [];
    let last = '';
    for (let request = 0; request < 4; request += 1) {
      const response = await server.api<string>('GET', path, from('10.3.0.3'));
      statuses.push(response.status);
      last = response.text;
    }
    expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    expect(last).toContain('<html lang="nl"');
    expect(last).toContain('Te veel verzoeken');
  });
});
