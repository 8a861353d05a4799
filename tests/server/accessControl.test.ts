import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers, environmentIds, themeIds } from '../../server/src/seed/ids';
import { mintAccessToken } from './support/mintToken';
import { startTestServer, type TestServer, type Tokens } from './support/testServer';

const { zuiderveen, cultuurhuis } = environmentIds;
const anneEmail = demoUsers.anne.username;

describe('access control', () => {
  let server: TestServer;
  let anne: Tokens;
  let bram: Tokens;

  beforeAll(async () => {
    server = await startTestServer();
    [anne, bram] = await Promise.all([server.signIn(anneEmail), server.signIn(demoUsers.bram.username)]);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('401 without a valid access token', () => {
    it('refuses a call without a token, as JSON without a stack', async () => {
      const response = await server.api('GET', '/themes', { env: zuiderveen });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ status: 401, message: expect.any(String) });
      expect(response.text).not.toMatch(/at .*\.ts:\d+/);
    });

    it('refuses a token that is no JWT', async () => {
      expect((await server.api('GET', '/themes', { env: zuiderveen, token: 'not-a-jwt' })).status).toBe(401);
    });

    it("accepts a token minted with the provider's key and the right claims (control for the cases below)", async () => {
      const token = await mintAccessToken(server, { email: anneEmail });
      expect((await server.api('GET', '/themes', { env: zuiderveen, token })).status).toBe(200);
    });

    it('refuses a forged token (right claims, signed with another key)', async () => {
      const token = await mintAccessToken(server, { email: anneEmail, forged: true });
      expect((await server.api('GET', '/themes', { env: zuiderveen, token })).status).toBe(401);
    });

    it('refuses a token for another audience', async () => {
      const token = await mintAccessToken(server, {
        email: anneEmail,
        audience: 'api://another-application',
      });
      expect((await server.api('GET', '/themes', { env: zuiderveen, token })).status).toBe(401);
    });

    it('refuses an expired token', async () => {
      const token = await mintAccessToken(server, { email: anneEmail, expiresInSeconds: -60 });
      expect((await server.api('GET', '/themes', { env: zuiderveen, token })).status).toBe(401);
    });

    it('checks the token before the body of calls outside the environment scope', async () => {
      const users = await server.api('POST', '/api/1/users', { body: {} });
      expect(users.status).toBe(401);
      const available = await server.api('GET', `/api/1/environments/environment/${zuiderveen}/available`, {
        query: { userId: demoUsers.anne.id },
      });
      expect(available.status).toBe(401);
    });
  });

  describe('403 outside your environments', () => {
    it('refuses an X-Environment-Id header that differs from the path', async () => {
      const response = await server.api('GET', '/themes', {
        token: anne,
        env: zuiderveen,
        headers: { 'x-environment-id': cultuurhuis },
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ status: 403, message: expect.stringContaining('X-Environment-Id') });
    });

    it('refuses a call without the X-Environment-Id header', async () => {
      const response = await server.api('GET', `/api/1/${zuiderveen}/themes`, { token: anne });
      expect(response.status).toBe(403);
    });

    it('refuses a signed-in user who is no member of the environment', async () => {
      const response = await server.api('GET', '/themes', { token: bram, env: cultuurhuis });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ status: 403, message: 'Je hebt geen toegang tot deze omgeving.' });
    });

    it('refuses an environment id that is no GUID', async () => {
      expect((await server.api('GET', '/themes', { token: anne, env: 'zuiderveen' })).status).toBe(403);
    });
  });

  describe('404 across environments', () => {
    it("does not reach another environment's record through an environment the user may use", async () => {
      const own = await server.api('GET', `/themes/${themeIds.cultuurhuis}`, {
        token: anne,
        env: cultuurhuis,
      });
      expect(own.status).toBe(200);
      const across = await server.api('GET', `/themes/${themeIds.cultuurhuis}`, {
        token: anne,
        env: zuiderveen,
      });
      expect(across.status).toBe(404);
      expect(across.body).toEqual({ status: 404, message: 'Het thema is niet gevonden.' });
      const byNonMember = await server.api('GET', `/themes/${themeIds.cultuurhuis}`, {
        token: bram,
        env: zuiderveen,
      });
      expect(byNonMember.status).toBe(404);
    });
  });

  describe('400 naming the field', () => {
    it('names a missing body field', async () => {
      const response = await server.api('POST', '/themes', {
        token: anne,
        env: zuiderveen,
        body: { name: 'Thema' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        status: 400,
        message: 'Hoofdkleur is verplicht.',
        field: 'primaryColor',
      });
    });

    it('names a body field of the wrong form', async () => {
      const response = await server.api('POST', '/themes', {
        token: anne,
        env: zuiderveen,
        body: { name: 'Thema', primaryColor: 'blauw' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ status: 400, field: 'primaryColor' });
    });

    it('names an empty body field', async () => {
      const response = await server.api('POST', '/themes', {
        token: anne,
        env: zuiderveen,
        body: { name: '', primaryColor: '#123456' },
      });
      expect(response.body).toEqual({
        status: 400,
        message: 'Naam mag niet leeg zijn.',
        field: 'name',
      });
    });

    it('names a query parameter and a path parameter that are no GUID', async () => {
      const query = await server.api('GET', `/api/1/environments/environment/${zuiderveen}/available`, {
        token: anne,
        query: { userId: 'anne' },
      });
      expect(query.body).toEqual({
        status: 400,
        message: 'Gebruiker moet een geldige GUID zijn.',
        field: 'userId',
      });
      const path = await server.api('GET', '/themes/42', { token: anne, env: zuiderveen });
      expect(path.body).toEqual({
        status: 400,
        message: 'Thema moet een geldige GUID zijn.',
        field: 'themeId',
      });
    });

    it('answers malformed JSON with a Dutch 400', async () => {
      const response = await server.api('POST', '/themes', {
        token: anne,
        env: zuiderveen,
        body: '{"name": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ status: 400, message: 'De aanvraag bevat geen geldige JSON.' });
    });
  });
});
