import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JWK,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { createIdentity, InvalidAccessTokenError, type UserDirectory } from '../../server/src/identity';
import { identityKeysPath, loadOrCreateIdentityKeys } from '../../server/src/identity/keyStore';
import { httpsRequest, type HttpsResponse } from './support/https';
import { fetchTrusting } from './support/fetchTrusting';
import { CookieJar } from './support/signIn';
import { startTestServer, type TestServer } from './support/testServer';

const clientId = 'dpp-console';
const apiAudience = 'api://dpp-console';
const apiScope = 'api://dpp-console/access_as_user';
/** What MSAL asks at sign-in and on every silent renewal. */
const msalScopes = `openid profile offline_access ${apiScope} User.Read`;
const viteDevOrigin = 'https://localhost:5173';
const tokenTtlSeconds = 120;

interface EnvironmentInfo {
  id: string;
  clientId: string;
  authority: string;
  apiScope: string;
}

/** A minimal browser for one origin: keeps cookies, does not follow redirects. */
function createBrowser(ca: string) {
  const cookies = new CookieJar();
  return async (
    method: string,
    url: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ) => {
    const response = await httpsRequest({
      method,
      url,
      ca,
      headers: {
        cookie: cookies.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    cookies.store(response);
    return response;
  };
}

function locationOf(response: HttpsResponse, base: string): URL {
  const location = response.headers.location;
  if (typeof location !== 'string')
    throw new Error(`expected a redirect, got ${response.status}: ${response.text.slice(0, 300)}`);
  return new URL(location, base);
}

function formAction(page: string, base: string): string {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error('no sign-in form on the page');
  return new URL(action.replace(/&amp;/g, '&'), base).toString();
}

const noUsers: UserDirectory = { findUserName: async () => undefined };

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('embedded identity provider over HTTPS', () => {
  let server: TestServer;
  let info: EnvironmentInfo;

  beforeAll(async () => {
    server = await startTestServer({ ACCESS_TOKEN_TTL: String(tokenTtlSeconds) });
    info = (await server.api<EnvironmentInfo>('GET', '/api/1/environment/info')).body;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('publishes its discovery document under /oidc and environment/info points the console at it', async () => {
    expect(info).toMatchObject({ authority: `${server.url}/oidc`, clientId, apiScope });
    const discovery = await server.api<Record<string, unknown>>(
      'GET',
      '/oidc/.well-known/openid-configuration',
    );
    expect(discovery.status).toBe(200);
    expect(discovery.body).toMatchObject({
      issuer: `${server.url}/oidc`,
      authorization_endpoint: `${server.url}/oidc/auth`,
      token_endpoint: `${server.url}/oidc/token`,
      jwks_uri: `${server.url}/oidc/jwks`,
      end_session_endpoint: `${server.url}/oidc/session/end`,
    });
    expect(discovery.body.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('signs in with authorization code + PKCE on the Dutch page, refreshes as MSAL does and calls the API', async () => {
    const browse = createBrowser(server.certificatePem);
    const redirectUri = `${server.url}/`;
    const { verifier, challenge } = pkcePair();
    const state = randomBytes(8).toString('hex');
    const authorize = new URL(`${info.authority}/auth`);
    authorize.search = new URLSearchParams({
      client_id: info.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: msalScopes,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      nonce: randomBytes(8).toString('hex'),
    }).toString();

    // 1. The authorization request sends the browser to the sign-in interaction.
    const toLogin = locationOf(await browse('GET', authorize.toString()), server.url);
    expect(toLogin.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);

    // 2. The Dutch sign-in page, with the demo users as buttons.
    const loginPage = await browse('GET', toLogin.toString());
    expect(loginPage.status).toBe(200);
    expect(loginPage.headers['cache-control']).toBe('no-store');
    expect(loginPage.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(loginPage.text).toContain('<html lang="nl">');
    expect(loginPage.text).toContain('Digitaal publicatie platform');
    expect(loginPage.text).toContain('<label for="email">E-mailadres</label>');
    expect(loginPage.text).toContain('value="anne@voorbeeld.nl"');
    expect(loginPage.text).toContain('Anne de Vries');
    expect(loginPage.text).toContain('Bram Jansen');
    const action = formAction(loginPage.text, server.url);

    // 3. An unknown address stays on the page with a Dutch error; whatever was typed comes back escaped.
    const unknown = await browse('POST', action, { email: 'onbekend<script>@voorbeeld.nl' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain(
      'Er is geen gebruiker met het e-mailadres onbekend&lt;script&gt;@voorbeeld.nl.',
    );
    expect(unknown.text).not.toContain('<script>');
    const empty = await browse('POST', action, { email: '  ' });
    expect(empty.text).toContain('Vul je e-mailadres in.');

    // 4. A known address (any case) signs in; consent is granted without a screen; the code comes back.
    let next = locationOf(await browse('POST', action, { email: 'Anne@Voorbeeld.nl' }), server.url);
    const visited: string[] = [];
    while (`${next.origin}${next.pathname}` !== redirectUri) {
      visited.push(next.pathname);
      expect(visited.length).toBeLessThan(6);
      next = locationOf(await browse('GET', next.toString()), server.url);
    }
    expect(
      visited.some((pathname) => pathname.startsWith('/oidc/interaction/') && pathname !== toLogin.pathname),
    ).toBe(true);
    expect(next.searchParams.get('state')).toBe(state);
    const code = next.searchParams.get('code');
    expect(code).toBeTruthy();

    // 5. The code exchange needs the PKCE verifier; the token endpoint answers CORS for the Vite dev origin.
    const exchange = async (codeVerifier: string) => {
      const response = await browse(
        'POST',
        `${info.authority}/token`,
        {
          grant_type: 'authorization_code',
          code: code ?? '',
          redirect_uri: redirectUri,
          client_id: clientId,
          code_verifier: codeVerifier,
        },
        { origin: viteDevOrigin },
      );
      return { response, body: JSON.parse(response.text) as Record<string, string | number> };
    };
    const wrongVerifier = await exchange(pkcePair().verifier);
    expect(wrongVerifier.response.status).toBe(400);
    expect(wrongVerifier.body.error).toBe('invalid_grant');
    const exchanged = await exchange(verifier);
    expect(exchanged.response.status).toBe(200);
    expect(exchanged.response.headers['access-control-allow-origin']).toBe(viteDevOrigin);
    expect(exchanged.body).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      id_token: expect.any(String),
    });
    const tokens = {
      accessToken: String(exchanged.body.access_token),
      refreshToken: String(exchanged.body.refresh_token),
      idToken: String(exchanged.body.id_token),
      expiresIn: Number(exchanged.body.expires_in),
      scope: String(exchanged.body.scope),
    };
    expect(tokens.expiresIn).toBe(tokenTtlSeconds);
    // The response names the access token's (resource) scopes; MSAL caches the token under them.
    expect(tokens.scope.split(' ').sort()).toEqual([apiScope, 'User.Read'].sort());
    expect(decodeProtectedHeader(tokens.accessToken)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    const claims = decodeJwt(tokens.accessToken);
    expect(claims).toMatchObject({
      iss: `${server.url}/oidc`,
      aud: apiAudience,
      sub: 'anne@voorbeeld.nl',
      preferred_username: 'anne@voorbeeld.nl',
      email: 'anne@voorbeeld.nl',
      name: 'Anne de Vries',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(tokenTtlSeconds);
    // MSAL builds its account from the ID token.
    expect(decodeJwt(tokens.idToken)).toMatchObject({
      preferred_username: 'anne@voorbeeld.nl',
      name: 'Anne de Vries',
    });

    // 6. Refresh with offline_access in the scope, as MSAL sends it; the refresh token rotates.
    const refreshed = await server.refresh(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeTruthy();
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(decodeJwt(refreshed.accessToken)).toMatchObject({
      aud: apiAudience,
      preferred_username: 'anne@voorbeeld.nl',
    });

    // 7. The refreshed token opens the API.
    const themes = await server.api('GET', '/themes', { env: info.id, token: refreshed });
    expect(themes.status).toBe(200);

    // 8. Signing out asks for confirmation in Dutch, then returns to the console.
    const signOut = await browse(
      'GET',
      `${info.authority}/session/end?${new URLSearchParams({ client_id: clientId, post_logout_redirect_uri: redirectUri })}`,
    );
    expect(signOut.status).toBe(200);
    expect(signOut.text).toContain('Wil je uitloggen bij het Digitaal publicatie platform?');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(signOut.text)?.[1] ?? '';
    const signedOut = await browse('POST', `${info.authority}/session/end/confirm`, { xsrf, logout: 'yes' });
    expect(locationOf(signedOut, server.url).toString()).toBe(redirectUri);
  });

  it('renews once more with a refresh token rotated moments ago: a tab that reloaded mid-renewal stays signed in', async () => {
    const signedIn = await server.signIn('anne@voorbeeld.nl');
    const first = await server.refresh(signedIn.refreshToken ?? '');
    // The tab never stored `first`: it presents the rotated-away token again, and the provider renews.
    const again = await server.refresh(signedIn.refreshToken ?? '');
    expect(again.refreshToken).toBeTruthy();
    expect(again.refreshToken).not.toBe(first.refreshToken);
    expect((await server.api('GET', '/themes', { env: info.id, token: again })).status).toBe(200);
    // Both chains keep renewing: the grace revoked nothing.
    expect((await server.refresh(first.refreshToken ?? '')).accessToken).toBeTruthy();
    expect((await server.refresh(again.refreshToken ?? '')).accessToken).toBeTruthy();
  });

  it('keeps a sign-in across a restart of the server: the refresh token still renews', async () => {
    const signedIn = await server.signIn('anne@voorbeeld.nl');
    await server.restart();
    const renewed = await server.refresh(signedIn.refreshToken ?? '');
    expect(decodeJwt(renewed.accessToken)).toMatchObject({ preferred_username: 'anne@voorbeeld.nl' });
    expect((await server.api('GET', '/themes', { env: info.id, token: renewed })).status).toBe(200);
  });

  it('answers with Dutch error pages for an unknown client and an expired interaction', async () => {
    const unknownClient = await server.api(
      'GET',
      `/oidc/auth?${new URLSearchParams({ client_id: 'onbekend', response_type: 'code', scope: 'openid', redirect_uri: `${server.url}/` })}`,
    );
    expect(unknownClient.status).toBe(400);
    expect(unknownClient.text).toContain('Inloggen is niet gelukt');
    expect(unknownClient.text).toContain('niet bekend bij deze aanmeldservice');
    expect(unknownClient.text).toContain('<code id="error-code">invalid_client</code>');

    const expired = await server.api('GET', '/oidc/interaction/verlopen-of-onbekend');
    expect(expired.status).toBe(400);
    expect(expired.headers['content-type']).toContain('text/html');
    expect(expired.text).toContain('Deze inlogpoging is verlopen of al afgerond.');
  });

  it('allows token-endpoint CORS only for the console origins', async () => {
    const preflightFrom = (origin: string) =>
      server.api('POST', '/oidc/token', {
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: 'unknown',
          client_id: clientId,
        }).toString(),
      });
    expect((await preflightFrom(server.url)).headers['access-control-allow-origin']).toBe(server.url);
    expect((await preflightFrom(viteDevOrigin)).headers['access-control-allow-origin']).toBe(viteDevOrigin);
    expect(
      (await preflightFrom('https://evil.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('lets an external-provider setup verify the same tokens through discovery and jwks_uri', async () => {
    const tokens = await server.signIn('bram@voorbeeld.nl');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-identity-external-'));
    const external = (audience: string) =>
      createIdentity(
        loadConfig({
          DATA_DIR: dataDir,
          NODE_ENV: 'production',
          IDENTITY_AUTHORITY: `${server.url}/oidc`,
          IDENTITY_CLIENT_ID: clientId,
          IDENTITY_AUDIENCE: audience,
          API_SCOPE: apiScope,
        }),
        noUsers,
        { fetch: fetchTrusting(server.certificatePem) },
      );
    try {
      const trusting = await external(apiAudience);
      expect(trusting.info).toEqual({
        authority: `${server.url}/oidc`,
        clientId,
        apiScope,
        protocol: 'oidc',
        extraScopes: [],
      });
      await expect(trusting.verifyAccessToken(tokens.accessToken)).resolves.toEqual({
        username: 'bram@voorbeeld.nl',
        name: 'Bram Jansen',
        subject: 'bram@voorbeeld.nl',
        identity: { issuer: `${server.url}/oidc`, subject: 'bram@voorbeeld.nl' },
        objectId: 'bram@voorbeeld.nl',
        email: 'bram@voorbeeld.nl',
        roles: [],
      });
      const otherApi = await external('api://another-api');
      await expect(otherApi.verifyAccessToken(tokens.accessToken)).rejects.toBeInstanceOf(
        InvalidAccessTokenError,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('embedded access-token verification', () => {
  let dataDir: string;
  const users: UserDirectory = {
    findUserName: async (email) => (email === 'anne@voorbeeld.nl' ? 'Anne de Vries' : undefined),
  };
  const publicUrl = 'https://localhost:9';
  const issuer = `${publicUrl}/oidc`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-identity-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const embedded = () =>
    createIdentity(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl, NODE_ENV: 'test' }), users);

  interface TokenChanges {
    claims?: Record<string, unknown>;
    issuer?: string;
    audience?: string;
    typ?: string;
    key?: JWK;
    expiresIn?: string;
  }

  /** A token as the embedded provider would sign it, with `changes` applied. */
  async function accessToken(changes: TokenChanges = {}) {
    const key = changes.key ?? (await loadOrCreateIdentityKeys(dataDir)).signingKeys[0];
    return new SignJWT({
      preferred_username: 'anne@voorbeeld.nl',
      name: 'Anne de Vries',
      scope: `${apiScope} User.Read`,
      client_id: clientId,
      ...changes.claims,
    })
      .setProtectedHeader({ alg: 'RS256', typ: changes.typ ?? 'at+jwt', kid: key.kid })
      .setIssuer(changes.issuer ?? issuer)
      .setAudience(changes.audience ?? apiAudience)
      .setSubject('anne@voorbeeld.nl')
      .setIssuedAt()
      .setExpirationTime(changes.expiresIn ?? '5m')
      .sign(await importJWK(key, 'RS256'));
  }

  it('accepts a token of its own provider and names the user', async () => {
    const identity = await embedded();
    expect(identity.info).toEqual({
      authority: issuer,
      clientId,
      apiScope,
      protocol: 'oidc',
      extraScopes: ['User.Read'],
    });
    await expect(identity.verifyAccessToken(await accessToken())).resolves.toEqual({
      username: 'anne@voorbeeld.nl',
      name: 'Anne de Vries',
      subject: 'anne@voorbeeld.nl',
      identity: { issuer: 'embedded', subject: 'anne@voorbeeld.nl' },
      objectId: 'anne@voorbeeld.nl',
      roles: [],
    });
  });

  it('rejects forged, wrong-audience, wrong-issuer, expired, untyped, user-less, scope-less and other-client tokens', async () => {
    const identity = await embedded();
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const forgedKey = {
      ...(await exportJWK(privateKey)),
      kid: (await loadOrCreateIdentityKeys(dataDir)).signingKeys[0].kid,
    };
    const rejected = [
      await accessToken({ key: forgedKey }),
      await accessToken({ audience: 'api://another-api' }),
      await accessToken({ issuer: 'https://elsewhere.example/oidc' }),
      await accessToken({ expiresIn: '-1m' }),
      await accessToken({ typ: 'JWT' }),
      await accessToken({ claims: { preferred_username: undefined } }),
      await accessToken({ claims: { scope: undefined } }),
      await accessToken({ claims: { scope: 'openid User.Read' } }),
      await accessToken({ claims: { client_id: 'another-app' } }),
      await accessToken({ claims: { azp: 'another-app' } }),
      'not-a-jwt',
    ];
    for (const token of rejected) {
      await expect(identity.verifyAccessToken(token)).rejects.toBeInstanceOf(InvalidAccessTokenError);
    }
  });

  it('keeps its keys in DATA_DIR, readable by the owner only, so tokens survive a restart', async () => {
    const before = await embedded();
    const token = await accessToken();
    const file = identityKeysPath(dataDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await before.close();
    const afterRestart = await embedded();
    await expect(afterRestart.verifyAccessToken(token)).resolves.toMatchObject({
      username: 'anne@voorbeeld.nl',
    });
  });
});

describe('identity start-up rules', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-identity-guard-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses the embedded provider under NODE_ENV=production (any case) unless EMBEDDED_IDENTITY=on', async () => {
    const shouting = loadConfig({ NODE_ENV: 'Production', DATA_DIR: dataDir });
    expect(shouting.production).toBe(true);
    await expect(createIdentity(shouting, noUsers)).rejects.toThrow(/EMBEDDED_IDENTITY=on/);
    const production = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    await expect(createIdentity(production, noUsers)).rejects.toThrow(/EMBEDDED_IDENTITY=on/);
    const allowed = await createIdentity(
      loadConfig({ NODE_ENV: 'production', EMBEDDED_IDENTITY: 'on', DATA_DIR: dataDir }),
      noUsers,
    );
    expect(allowed.info.clientId).toBe(clientId);
  });

  it('refuses half an external provider configuration, naming what is missing', async () => {
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        IDENTITY_AUTHORITY: 'https://login.microsoftonline.com/tenant/v2.0',
      }),
    ).toThrow(/missing: IDENTITY_CLIENT_ID, IDENTITY_AUDIENCE, API_SCOPE/);
  });
});
