import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../server/src/seed/ids';
import { httpsRequest } from './support/https';
import { signInWithCode, type SignInTarget } from './support/signIn';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * The embedded provider's userinfo endpoint works for a token asked for it, as an independent OpenID
 * Connect client uses it: discovery, sign-in with `openid profile email`, then userinfo with the access
 * token (issue 28, finding 10).
 */
describe('embedded provider userinfo', () => {
  let server: TestServer;
  let target: SignInTarget;
  let discovery: { userinfo_endpoint?: string; issuer: string };

  const userinfo = (accessToken: string) =>
    httpsRequest({
      method: 'GET',
      url: discovery.userinfo_endpoint!,
      ca: server.certificatePem,
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });

  beforeAll(async () => {
    server = await startTestServer();
    const info = await server.api<{ clientId: string; authority: string; apiScope: string }>(
      'GET',
      '/api/1/environment/info',
    );
    target = { url: server.url, ca: server.certificatePem, ...info.body };
    discovery = (await server.api<typeof discovery>('GET', '/oidc/.well-known/openid-configuration')).body;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the claims of the scopes asked for to an access token asked with openid profile email', async () => {
    expect(discovery.userinfo_endpoint).toBe(`${server.url}/oidc/me`);
    const tokens = await signInWithCode(target, demoUsers.anne.username, 'openid profile email');
    const response = await userinfo(tokens.accessToken);
    expect(response.status, response.text).toBe(200);
    expect(JSON.parse(response.text)).toEqual({
      sub: demoUsers.anne.username,
      name: demoUsers.anne.name,
      preferred_username: demoUsers.anne.username,
      email: demoUsers.anne.username,
      email_verified: expect.any(Boolean),
    });
    // It is the provider's own token, not one for the API.
    expect((await server.api('GET', '/api/1/platform/me', { token: tokens })).status).toBe(401);
  });

  it("leaves the console's tokens as they are: an API access token, refused at userinfo as a token for another audience", async () => {
    const tokens = await signInWithCode(target, demoUsers.anne.username);
    const [, payload] = tokens.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { aud: string };
    expect(claims.aud).toBe('api://dpp-console');
    expect((await server.api('GET', '/api/1/platform/me', { token: tokens })).status).toBe(200);
    expect((await userinfo(tokens.accessToken)).status).toBe(401);
  });

  it('refuses a forged token at userinfo', async () => {
    expect((await userinfo('nep')).status).toBe(401);
  });
});
