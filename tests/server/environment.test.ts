import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailableEnvironment, EnvironmentInfo } from '../../server/src/contract/environment';
import type { Theme } from '../../server/src/contract/themes';
import { demoUsers, environmentIds, themeIds } from '../../server/src/seed/ids';
import { httpsRequest } from './support/https';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

describe('environment and users (spec §7)', () => {
  let server: TestServer;
  let anne: Tokens;
  let bram: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    [anne, bram] = await Promise.all([
      server.signIn(demoUsers.anne.username),
      server.signIn(demoUsers.bram.username),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('tells the console where to sign in, without authentication', async () => {
    const response = await server.api<EnvironmentInfo>('GET', '/api/1/environment/info');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: environmentIds.zuiderveen,
      clientId: expect.any(String),
      authority: `${server.url}/oidc`,
      apiScope: expect.stringMatching(/^api:\/\/.+\/access_as_user$/),
      protocol: 'oidc',
      extraScopes: ['User.Read'],
      cdnBase: '/cdn',
      // Outside production without SMTP_URL, sent mail is kept by the embedded catcher.
      mailCatcher: true,
    });
  });

  it('answers a repeated ask by its ETag with a 304 without a body, and is revalidated on every load', async () => {
    const first = await server.api<EnvironmentInfo>('GET', '/api/1/environment/info');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await server.api('GET', '/api/1/environment/info', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    const stale = await server.api('GET', '/api/1/environment/info', { headers: { 'if-none-match': '"x"' } });
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(first.body);
  });

  it('lets an office of 2,000 people behind one address start the console in one minute, none refused', async () => {
    // As browsers do: a first load asks plainly, a reload with the ETag it has (one in ten is a first load).
    const { etag } = (await server.api('GET', '/api/1/environment/info')).headers;
    const statuses = new Map<number, number>();
    const starts = Array.from({ length: 2_000 }, (_, index) => index);
    const startConsole = async (index: number) => {
      const headers: Record<string, string> = index % 10 === 0 ? {} : { 'if-none-match': String(etag) };
      const { status } = await server.api('GET', '/api/1/environment/info', { headers });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    };
    // Eight at a time, like a busy office's browsers.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let index = starts.shift(); index !== undefined; index = starts.shift())
          await startConsole(index);
      }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 200: 200, 304: 1_800 });
  }, 120_000);

  it("serves the authority's discovery document over https", async () => {
    const info = await server.api<EnvironmentInfo>('GET', '/api/1/environment/info');
    const discovery = await httpsRequest({
      method: 'GET',
      url: `${info.body.authority}/.well-known/openid-configuration`,
      ca: server.certificatePem,
    });
    expect(discovery.status).toBe(200);
    const document = JSON.parse(discovery.text) as Record<string, string>;
    expect(document.issuer).toBe(info.body.authority);
    expect(document.jwks_uri).toMatch(/^https:\/\//);
    expect(document.authorization_endpoint).toMatch(/^https:\/\//);
  });

  it('registers the signed-in user and answers the same userId on every sign-in', async () => {
    const body = { environmentId: environmentIds.zuiderveen, username: demoUsers.anne.username };
    const first = await server.api<string>('POST', '/api/1/users', { token: anne, body });
    expect(first.status).toBe(200);
    expect(first.body).toBe(demoUsers.anne.id);
    const again = await server.api<string>('POST', '/api/1/users', {
      token: anne,
      body: { ...body, username: 'Anne@Voorbeeld.nl' },
    });
    expect(again.body).toBe(demoUsers.anne.id);
  });

  it('answers the same for an unknown environment id and one the user has no access to', async () => {
    const register = (environmentId: string) =>
      server.api<string>('POST', '/api/1/users', {
        token: bram,
        body: { environmentId, username: demoUsers.bram.username },
      });
    const notMember = await register(environmentIds.cultuurhuis);
    const unknown = await register('0f0e0d0c-0b0a-4908-8706-050403020100');
    expect([notMember.status, notMember.body]).toEqual([200, demoUsers.bram.id]);
    expect([unknown.status, unknown.body]).toEqual([notMember.status, notMember.body]);
  });

  it("refuses to register someone else's username", async () => {
    const response = await server.api('POST', '/api/1/users', {
      token: bram,
      body: { environmentId: environmentIds.zuiderveen, username: demoUsers.anne.username },
    });
    expect(response.status).toBe(403);
  });

  it("lists anne's three environments with their logos, and a null theme for the one without", async () => {
    const response = await server.api<AvailableEnvironment[]>(
      'GET',
      `/api/1/environments/environment/${environmentIds.zuiderveen}/available`,
      { token: anne, query: { userId: demoUsers.anne.id } },
    );
    expect(response.status).toBe(200);
    expect(response.body.map((entry) => entry.environment.name).sort()).toEqual([
      'Gemeente Zuiderveen',
      'Stichting Cultuurhuis Noord',
      'Waterschap Lage Landen',
    ]);
    const lageLanden = response.body.find((entry) => entry.environment.id === environmentIds.lageLanden);
    expect(lageLanden?.theme).toBeNull();
    const zuiderveen = response.body.find((entry) => entry.environment.id === environmentIds.zuiderveen);
    expect(zuiderveen?.theme).toHaveProperty('fileIdToLogo');
  });

  it('lists only Zuiderveen for bram', async () => {
    const response = await server.api<AvailableEnvironment[]>(
      'GET',
      `/api/1/environments/environment/${environmentIds.zuiderveen}/available`,
      { token: bram, query: { userId: demoUsers.bram.id } },
    );
    expect(response.body.map((entry) => entry.environment.id)).toEqual([environmentIds.zuiderveen]);
  });

  it("refuses another user's available environments", async () => {
    const response = await server.api(
      'GET',
      `/api/1/environments/environment/${environmentIds.zuiderveen}/available`,
      {
        token: bram,
        query: { userId: demoUsers.anne.id },
      },
    );
    expect(response.status).toBe(403);
  });

  it("answers the environment's theme", async () => {
    const response = await server.api<Theme>('GET', '/themes', {
      token: anne,
      env: environmentIds.cultuurhuis,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: themeIds.cultuurhuis,
      name: 'Cultuurhuis Noord',
      primaryColor: '#b5305c',
    });
  });

  it('answers 404 for an environment without a theme, then creates one once (onboarding)', async () => {
    const env = environmentIds.lageLanden;
    expect((await server.api('GET', '/themes', { token: anne, env })).status).toBe(404);
    const created = await server.api<Theme>('POST', '/themes', {
      token: anne,
      env,
      body: { name: 'Lage Landen', primaryColor: '#0b7a75' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Lage Landen', primaryColor: '#0b7a75', fileIdToLogo: null });
    const read = await server.api<Theme>('GET', '/themes', { token: anne, env });
    expect(read.body.id).toBe(created.body.id);
    const second = await server.api('POST', '/themes', {
      token: anne,
      env,
      body: { name: 'Nog een', primaryColor: '#000000' },
    });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ status: 409, message: 'Deze omgeving heeft al een thema.' });
  });
});
