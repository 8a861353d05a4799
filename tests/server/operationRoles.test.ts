import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberRoles,
  roleAllows,
  roleNeededMessage,
  type MemberRoleName,
} from '../../server/src/contract/memberRoles';
import { operationAccess, operationRoles } from '../../server/src/contract/operationRoles';
import { withOperationRolesTable } from '../../server/src/contract/operationRolesTable';
import type { PlatformMember } from '../../server/src/contract/platform';
import { demoUsers, environmentIds, publicationIds } from '../../server/src/seed/ids';
import { mintAccessToken } from './support/mintToken';
import {
  documentedOperations,
  environmentOperations,
  fillPath,
  sampleObject,
  sampleValue,
  type Operation,
} from './support/openApiOperations';
import { startTestServer, type ApiResponse, type TestServer, type Tokens } from './support/testServer';

// Roles, generated from the contract: every operation of the environment scope is called by a member
// of each role, and the expectation comes from the one table (contract/operationRoles.ts). A = Zuiderveen,
// where the four role members are added; B = Cultuurhuis, where none of them is a member.

const a = environmentIds.zuiderveen;
const b = environmentIds.cultuurhuis;
const notAMember = 'Je hebt geen toegang tot deze omgeving.';
const roleMembers: Record<MemberRoleName, string> = {
  reader: 'lezer@voorbeeld.nl',
  editor: 'redacteur@voorbeeld.nl',
  sender: 'verzender@voorbeeld.nl',
  administrator: 'beheerder@voorbeeld.nl',
};

/** The operation's key in the table: `METHOD /path` as the document writes it. */
const keyOf = (operation: Operation) => `${operation.method} ${operation.template}`;

/** Calls an operation of the environment scope with sample values: random ids, a sample body. */
function call(
  server: TestServer,
  operation: Operation,
  token: Tokens,
  environment: string,
): Promise<ApiResponse> {
  const values = Object.fromEntries(
    operation.pathParameters.map(({ name, schema }) => [
      name,
      name === 'environmentId' ? environment : name === 'path' ? '' : String(sampleValue(name, schema)),
    ]),
  );
  const query = Object.fromEntries(
    operation.queryParameters
      .filter((parameter) => parameter.required)
      .map(({ name, schema }) => [name, sampleValue(name, schema) as string]),
  );
  return server.api(operation.method, fillPath(operation.template, values), {
    token,
    env: environment,
    query,
    body: operation.body ? sampleObject(operation.body) : undefined,
  });
}

describe('operation roles', () => {
  let server: TestServer;
  let anne: Tokens;
  let operations: Operation[];
  const members = {} as Record<MemberRoleName, { tokens: Tokens; id: string }>;

  beforeAll(async () => {
    server = await startTestServer({ PLATFORM_ADMINS: demoUsers.anne.username });
    anne = await server.signIn(demoUsers.anne.username);
    for (const role of memberRoles) {
      const added = await server.api<PlatformMember>('POST', `/api/1/platform/environments/${a}/members`, {
        token: anne,
        body: { email: roleMembers[role], role },
      });
      expect(added.status).toBe(200);
      members[role] = { tokens: await server.signIn(roleMembers[role]), id: added.body.id };
    }
    operations = await documentedOperations(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('the table', () => {
    it('has a line for every operation of the contract, and none for an operation that is gone', () => {
      const documented = operations.map(keyOf).sort();
      expect(documented.filter((key) => operationAccess(key) === undefined)).toEqual([]);
      expect(Object.keys(operationRoles).filter((key) => !documented.includes(key))).toEqual([]);
    });

    it('is what the document states per operation (x-role)', async () => {
      const document = (
        await server.api<{
          paths: Record<string, Record<string, { 'x-role'?: string; description?: string }>>;
        }>('GET', '/api/docs')
      ).body;
      for (const [template, methods] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          expect(operation['x-role'], `${method} ${template}`).toBe(
            operationAccess(`${method.toUpperCase()} ${template}`),
          );
        }
      }
      const deliver = document.paths['/api/1/{environmentId}/deliveryjobs'].post;
      expect(deliver.description).toContain('Needs at least the role sender (Verzender).');
    });

    it('is current in docs/administration/roles-approval-log.md (run `npm run openapi`)', async () => {
      const file = await readFile(
        new URL('../../docs/administration/roles-approval-log.md', import.meta.url),
        'utf8',
      );
      expect(file, 'the roles table is stale: run npm run openapi').toBe(withOperationRolesTable(file));
    });
  });

  // Platform administration has its own check (a platform administrator, whatever the role): its
  // mirror under the scope is left to tests/server/provisioning.test.ts.
  const scoped = () =>
    environmentOperations(operations).filter(
      (operation) => operationAccess(keyOf(operation)) !== 'platformAdmin',
    );

  for (const role of memberRoles) {
    it(`lets a ${role} call what the table allows and refuses the rest with 403 naming the role`, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const operation of scoped()) {
        const needed = operationAccess(keyOf(operation)) as MemberRoleName;
        const response = await call(server, operation, members[role].tokens, a);
        const refused = response.status === 403 ? (response.body as { message?: string }).message : undefined;
        outcomes.push(`${keyOf(operation)} → ${refused ?? 'not refused'}`);
        expected.push(
          `${keyOf(operation)} → ${roleAllows(role, needed) ? 'not refused' : roleNeededMessage(needed)}`,
        );
      }
      expect(outcomes).toEqual(expected);
    });
  }

  it('refuses every role member in an environment they are no member of, as before roles', async () => {
    for (const role of memberRoles) {
      for (const operation of environmentOperations(operations)) {
        const response = await call(server, operation, members[role].tokens, b);
        expect({ operation: keyOf(operation), status: response.status, body: response.body }).toEqual({
          operation: keyOf(operation),
          status: 403,
          body: { status: 403, message: notAMember },
        });
      }
    }
  });

  describe('setting roles', () => {
    it('makes existing members Beheerder and tells each member their own role', async () => {
      const anneHere = await server.api<{ role?: string }>('GET', '/platform/me', { token: anne, env: a });
      expect(anneHere.body).toMatchObject({ platformAdmin: true, role: 'administrator' });
      const reader = await server.api('GET', '/platform/me', { token: members.reader.tokens, env: a });
      expect(reader.body).toEqual({ platformAdmin: false, role: 'reader' });
      const bram = await server.signIn(demoUsers.bram.username);
      const listed = await server.api<PlatformMember[]>('GET', '/members', { token: bram, env: a });
      expect(listed.body.find((member) => member.username === demoUsers.bram.username)?.role).toBe(
        'administrator',
      );
    });

    it('lets a Beheerder set a role on the members page, which the next call obeys', async () => {
      const { administrator, editor } = members;
      const refusedBefore = await server.api('POST', '/deliveryjobs', {
        token: editor.tokens,
        env: a,
        body: {},
      });
      expect(refusedBefore.body).toEqual({ status: 403, message: 'Hiervoor heb je de rol Verzender nodig.' });

      const set = await server.api<PlatformMember>('PUT', `/members/${editor.id}`, {
        token: administrator.tokens,
        env: a,
        body: { role: 'sender' },
      });
      expect(set.status).toBe(200);
      expect(set.body.role).toBe('sender');
      const allowedNow = await server.api('POST', '/deliveryjobs', {
        token: editor.tokens,
        env: a,
        body: {},
      });
      expect(allowedNow.status).toBe(400);

      const back = await server.api('PUT', `/api/1/platform/environments/${a}/members/${editor.id}`, {
        token: anne,
        body: { role: 'editor' },
      });
      expect(back.status).toBe(200);
      const refusedAgain = await server.api('POST', '/deliveryjobs', {
        token: editor.tokens,
        env: a,
        body: {},
      });
      expect(refusedAgain.status).toBe(403);
    });

    it('refuses a Beheerder changing their own role, a role that does not exist and a Verzender setting roles', async () => {
      const { administrator, sender, reader } = members;
      const own = await server.api('PUT', `/members/${administrator.id}`, {
        token: administrator.tokens,
        env: a,
        body: { role: 'reader' },
      });
      expect(own.body).toEqual({ status: 409, message: 'Je kunt je eigen rol niet wijzigen.' });
      const unknown = await server.api('PUT', `/members/${reader.id}`, {
        token: administrator.tokens,
        env: a,
        body: { role: 'owner' },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ field: 'role' });
      const bySender = await server.api('PUT', `/members/${reader.id}`, {
        token: sender.tokens,
        env: a,
        body: { role: 'administrator' },
      });
      expect(bySender.body).toEqual({ status: 403, message: 'Hiervoor heb je de rol Beheerder nodig.' });
    });

    it("answers 404 for a member of another environment on this environment's members page", async () => {
      const bramId = demoUsers.bram.id;
      const response = await server.api('PUT', `/members/${bramId}`, {
        token: anne,
        env: b,
        body: { role: 'reader' },
      });
      expect(response.status).toBe(404);
    });
  });

  // The preview checks membership in its own first query instead of the scope's (routes/scope.ts,
  // config.membershipInRouteQuery): it must refuse as every other operation does, a revalidation (304)
  // too, and see a membership gone at once.
  describe('the preview, which checks membership in its own query', () => {
    const publicationId = publicationIds.publications.januaryNewsletter; // A's
    const templateId = publicationIds.templates.zuiderveenStandard;
    const render = (
      token: Tokens | string,
      environment: string,
      { etag, query = { templateId } }: { etag?: string; query?: Record<string, string> } = {},
    ) =>
      server.api('GET', `/publications/${publicationId}/render`, {
        token,
        env: environment,
        query,
        headers: etag ? { 'if-none-match': etag } : {},
      });
    const refusal = { status: 403, body: { status: 403, message: notAMember } };
    const outcome = async (answer: Promise<ApiResponse>) => {
      const { status, body } = await answer;
      return { status, body };
    };

    /** A user invited to `environment` with `role` (by e-mail, not signed in yet), and their token. */
    async function invited(email: string, environment: string, role: MemberRoleName) {
      const added = await server.api<PlatformMember>(
        'POST',
        `/api/1/platform/environments/${environment}/members`,
        { token: anne, body: { email, role } },
      );
      expect(added.status).toBe(200);
      return { id: added.body.id, token: await mintAccessToken(server, { email }) };
    }

    it('admits a member whose first request it is, and refuses a non-member and a member of another environment, on a 304 too', async () => {
      // Invited and never seen: the preview claims the invitation as the scope's check does.
      const member = await invited('voorvertoning@voorbeeld.nl', a, 'reader');
      const first = await render(member.token, a);
      expect(first.status).toBe(200);
      const etag = String(first.headers.etag);
      expect((await render(member.token, a, { etag })).status).toBe(304);

      // Known to no environment (no user yet), and known as a member of B only.
      const outsider = await mintAccessToken(server, { email: 'buitenstaander@voorbeeld.nl' });
      const elsewhere = await invited('elders@voorbeeld.nl', b, 'administrator');
      expect((await server.api('GET', '/themes', { token: elsewhere.token, env: b })).status).toBe(200);
      for (const token of [outsider, elsewhere.token]) {
        expect(await outcome(render(token, a))).toEqual(refusal);
        expect(await outcome(render(token, a, { etag }))).toEqual(refusal);
        // Before the 400 of a request that is not valid, as every other operation.
        expect(await outcome(render(token, a, { query: { templateId: 'geen-guid' } }))).toEqual(refusal);
      }
      expect((await render(member.token, a, { query: { templateId: 'geen-guid' } })).status).toBe(400);
      // A's member through B's path: refused, not told the publication is not there.
      expect(await outcome(render(member.token, b))).toEqual(refusal);
      expect(await outcome(render(member.token, b, { etag }))).toEqual(refusal);
      expect((await render(anne, b)).status).toBe(404);
    });

    it('refuses a member right after their removal, on a 304 too', async () => {
      const member = await invited('vertrekt@voorbeeld.nl', a, 'editor');
      const before = await render(member.token, a);
      expect(before.status).toBe(200);
      const etag = String(before.headers.etag);
      expect((await render(member.token, a, { etag })).status).toBe(304);
      const removed = await server.api('DELETE', `/api/1/platform/environments/${a}/members/${member.id}`, {
        token: anne,
      });
      expect(removed.status).toBe(204);
      expect(await outcome(render(member.token, a, { etag }))).toEqual(refusal);
      expect(await outcome(render(member.token, a))).toEqual(refusal);
    });
  });
});
