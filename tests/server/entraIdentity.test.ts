import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRetryDelayMs } from '../../server/src/identity/retryBackoff';
import {
  startEntraLikeProvider,
  type DirectoryUser,
  type EntraLikeProvider,
} from './support/entraLikeProvider';
import { fetchTrusting } from './support/fetchTrusting';
import { freePort } from './support/freePort';
import { startTestServer, type TestServer } from './support/testServer';

const adminRole = 'Platform.Admin';

interface PlatformEnvironment {
  id: string;
  name: string;
  isDefault: boolean;
  memberCount: number;
  theme: { name: string; primaryColor: string } | null;
}

interface PlatformMember {
  id: string;
  username: string;
  name: string | null;
  signedIn: boolean;
}

describe('signing in with an external provider configured like Microsoft Entra ID', () => {
  let provider: EntraLikeProvider;
  let server: TestServer;
  let clock = Date.now();
  const directory = {
    admin: {
      oid: randomUUID(),
      preferredUsername: 'beheer@gemeente.example',
      name: 'Bea Beheer',
      roles: [adminRole],
    },
    member: { oid: randomUUID(), preferredUsername: 'mila@gemeente.example', name: 'Mila Medewerker' },
    outsider: { oid: randomUUID(), preferredUsername: 'otto@elders.example', name: 'Otto Buiten' },
    invitedById: { oid: randomUUID(), preferredUsername: 'ivo@gemeente.example', name: 'Ivo Uitgenodigd' },
  } satisfies Record<string, DirectoryUser>;
  let environmentId: string;

  const signedIn = async (user: DirectoryUser) => (await provider.signIn(user.oid)).accessToken;
  const register = (token: string, username: string) =>
    server.api<string>('POST', '/api/1/users', {
      token,
      env: environmentId,
      body: { environmentId, username },
    });

  beforeAll(async () => {
    const port = await freePort();
    provider = await startEntraLikeProvider(`https://localhost:${port}`, await freePort());
    for (const user of Object.values(directory)) provider.users.set(user.oid, { ...user });
    server = await startTestServer(
      { ...provider.settings, PORT: String(port), SEED_DEMO: 'off', PLATFORM_ADMIN_ROLE: adminRole },
      { identity: { fetch: fetchTrusting(provider.ca), now: () => clock } },
    );
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  it('tells the console on a fresh platform that no environment exists yet, in Dutch', async () => {
    const info = await server.api<{ message: string }>('GET', '/api/1/environment/info');
    expect(info.status).toBe(503);
    expect(info.body.message).toMatch(/nog geen omgeving/);
  });

  it('lets only a platform administrator create an environment and add members (403 otherwise)', async () => {
    const outsider = await signedIn(directory.outsider);
    const refused = await server.api<{ message: string }>('POST', '/api/1/platform/environments', {
      token: outsider,
      body: { name: 'Gemeente Voorbeeld' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/beheerders van het platform/);
    expect((await server.api('GET', '/api/1/platform/environments', { token: outsider })).status).toBe(403);
    expect((await server.api('GET', '/api/1/platform/environments')).status).toBe(401);

    const admin = await signedIn(directory.admin);
    expect((await server.api('GET', '/api/1/platform/me', { token: admin })).body).toEqual({
      platformAdmin: true,
    });
    expect((await server.api('GET', '/api/1/platform/me', { token: outsider })).body).toEqual({
      platformAdmin: false,
    });
    const created = await server.api<PlatformEnvironment>('POST', '/api/1/platform/environments', {
      token: admin,
      body: { name: 'Gemeente Voorbeeld', primaryColor: '#0b6e4f' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Gemeente Voorbeeld',
      isDefault: true,
      memberCount: 0,
      theme: { name: 'Gemeente Voorbeeld', primaryColor: '#0b6e4f' },
    });
    environmentId = created.body.id;

    const byEmail = await server.api<PlatformMember>(
      'POST',
      `/api/1/platform/environments/${environmentId}/members`,
      {
        token: admin,
        body: { email: 'Mila@Gemeente.example' },
      },
    );
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toMatchObject({ username: 'mila@gemeente.example', signedIn: false });
    const byObjectId = await server.api<PlatformMember>(
      'POST',
      `/api/1/platform/environments/${environmentId}/members`,
      { token: admin, body: { objectId: directory.invitedById.oid } },
    );
    expect(byObjectId.body).toMatchObject({ username: directory.invitedById.oid, signedIn: false });
    const bad = await server.api<{ field: string }>(
      'POST',
      `/api/1/platform/environments/${environmentId}/members`,
      {
        token: admin,
        body: {},
      },
    );
    expect(bad.status).toBe(400);
    expect(
      (
        await server.api('POST', `/api/1/platform/environments/${environmentId}/members`, {
          token: outsider,
          body: { email: 'otto@elders.example' },
        })
      ).status,
    ).toBe(403);

    const info = await server.api<{ id: string; protocol: string; extraScopes: string[]; authority: string }>(
      'GET',
      '/api/1/environment/info',
    );
    expect(info.body).toMatchObject({
      id: environmentId,
      authority: provider.authority,
      protocol: 'entra',
      extraScopes: ['User.Read'],
    });
  });

  it('signs an invited member in, claims the invitation by e-mail once, and lets them work', async () => {
    const tokens = await provider.signIn(directory.member.oid);
    const userId = await register(tokens.accessToken, 'mila@gemeente.example');
    expect(userId.status).toBe(200);
    const theme = await server.api<{ name: string }>('GET', '/themes', {
      token: tokens.accessToken,
      env: environmentId,
    });
    expect(theme.status).toBe(200);
    expect(theme.body.name).toBe('Gemeente Voorbeeld');
    const list = await server.api('POST', '/list/manual', {
      token: tokens.accessToken,
      env: environmentId,
      query: { title: 'Nieuwsbrief' },
    });
    expect(list.status).toBeLessThan(300);

    // A silent renewal gives a token that still works.
    const renewed = await provider.refresh(tokens.refreshToken as string);
    expect(
      (await server.api('GET', '/themes', { token: renewed.accessToken, env: environmentId })).status,
    ).toBe(200);

    const members = await server.api<PlatformMember[]>(
      'GET',
      `/api/1/platform/environments/${environmentId}/members`,
      {
        token: await signedIn(directory.admin),
      },
    );
    expect(members.body.find((member) => member.id === userId.body)).toMatchObject({
      name: 'Mila Medewerker',
      signedIn: true,
    });
  });

  it('claims an invitation by object id at the first sign-in, then shows the address', async () => {
    const token = await signedIn(directory.invitedById);
    expect((await server.api('GET', '/themes', { token, env: environmentId })).status).toBe(200);
    const members = await server.api<PlatformMember[]>(
      'GET',
      `/api/1/platform/environments/${environmentId}/members`,
      {
        token: await signedIn(directory.admin),
      },
    );
    expect(members.body.map((member) => member.username)).toContain('ivo@gemeente.example');
  });

  it('answers a signed-in user without membership with 403 and a Dutch message', async () => {
    const token = await signedIn(directory.outsider);
    const response = await server.api<{ message: string }>('GET', '/themes', { token, env: environmentId });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Je hebt geen toegang tot deze omgeving.');
  });

  it('keeps the user by object id when preferred_username changes; the old address claims nothing', async () => {
    const before = await register(await signedIn(directory.member), 'mila@gemeente.example');
    provider.users.set(directory.member.oid, {
      ...directory.member,
      preferredUsername: 'mila.medewerker@gemeente.example',
      name: 'Mila M.',
    });
    const renamed = await signedIn(directory.member);
    expect((await server.api('GET', '/themes', { token: renamed, env: environmentId })).status).toBe(200);
    const after = await register(renamed, 'mila.medewerker@gemeente.example');
    expect(after.body).toBe(before.body);

    // Someone else now carries the old address: a new person, not Mila's account or membership.
    const successor = {
      oid: randomUUID(),
      preferredUsername: 'mila@gemeente.example',
      name: 'Mila Opvolger',
    };
    provider.users.set(successor.oid, successor);
    const successorToken = await signedIn(successor);
    expect((await server.api('GET', '/themes', { token: successorToken, env: environmentId })).status).toBe(
      403,
    );
    const successorId = await register(successorToken, 'mila@gemeente.example');
    expect(successorId.status).toBe(200);
    expect(successorId.body).not.toBe(before.body);
  });

  it('refuses tokens without the API scope or issued to another app of the tenant (401, Dutch)', async () => {
    const otherScope = await provider.signIn(directory.member.oid, {
      scopes: [`api://${provider.clientId}/Reports.Read`],
    });
    const otherClient = await provider.signIn(directory.member.oid, { clientId: provider.otherClientId });
    for (const token of [otherScope.accessToken, otherClient.accessToken]) {
      const response = await server.api<{ message: string }>('GET', '/themes', { token, env: environmentId });
      expect(response.status).toBe(401);
      expect(response.body.message).toMatch(/toegangstoken is ongeldig/);
    }
  });

  it('answers 503 while the provider is unreachable, reports it in /health/ready and recovers', async () => {
    const token = await signedIn(directory.member);
    await provider.stop();
    // A restart forgets the provider's keys: nothing can be checked until it is back.
    await server.restart();
    const down = await server.api<{ message: string }>('GET', '/themes', { token, env: environmentId });
    expect(down.status).toBe(503);
    expect(down.body.message).toMatch(/aanmeldservice is op dit moment niet bereikbaar/);
    const notReady = await server.api<{ identityProvider: string }>('GET', '/health/ready');
    expect(notReady.status).toBe(503);
    expect(notReady.body.identityProvider).toBe('unreachable');
    expect((await server.api('GET', '/health')).status).toBe(200);

    await provider.start();
    // Within the pause after a failure the provider is not asked again...
    expect((await server.api('GET', '/themes', { token, env: environmentId })).status).toBe(503);
    // ...after it, the next call finds it back.
    clock += 60 * firstRetryDelayMs;
    expect((await server.api('GET', '/themes', { token, env: environmentId })).status).toBe(200);
    expect((await server.api('GET', '/health/ready')).status).toBe(200);
  });
});
