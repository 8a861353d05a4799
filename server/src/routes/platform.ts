import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TProperties } from '@sinclair/typebox';
import { requireAccessToken } from '../auth/bearer';
import { isPlatformAdmin, requirePlatformAdmin } from '../auth/platformAdmin';
import { environmentParams, errorResponses } from '../contract/common';
import {
  AddMemberBody,
  CreateEnvironmentBody,
  PlatformEnvironment,
  PlatformEnvironmentParams,
  PlatformEnvironments,
  PlatformMember,
  PlatformMemberParams,
  PlatformMembers,
  PlatformRole,
  SetMemberRoleBody,
} from '../contract/platform';
import {
  addMember,
  createEnvironment,
  listEnvironments,
  listMembers,
  removeMember,
  setMemberRole,
} from '../environments/provisioning';
import { notFound } from '../errors';
import { PlatformLogEntry, PlatformLogQuery } from '../contract/auditLog';
import { platformActorOf } from '../auditLog/logActor';
import { platformLogPage } from '../auditLog/platformLog';

const tags = ['platform'];
const security = [{ bearer: [] }];

interface PlatformAdministrationOptions {
  /** Inside the environment scope: the path parameters start with the console's `environmentId`. */
  scoped: boolean;
}

/**
 * Platform administration (extension): environments and their members, for the operator's platform
 * administrators only (auth/platformAdmin.ts; 403 for anyone else). `npm run admin` does the same from
 * the command line. Mounted twice with the same handlers: at /api/1/platform for tools and the first
 * setup, and under the console's environment scope (/api/1/{environmentId}/platform), where the
 * declared resources of the console reach it.
 */
const platformAdministration: FastifyPluginAsyncTypebox<PlatformAdministrationOptions> = async (
  app,
  { scoped },
) => {
  const params = <T extends TProperties>(own: T) => (scoped ? environmentParams(own) : Type.Object(own));

  app.get(
    '/me',
    {
      onRequest: requireAccessToken,
      schema: {
        summary: 'Whether the signed-in user is a platform administrator.',
        tags,
        security,
        'x-extension': true,
        params: params({}),
        response: { 200: PlatformRole, ...errorResponses(401, 503) },
      },
    },
    async (request) => ({
      platformAdmin: isPlatformAdmin(app.config.platformAdmins, request.accessToken),
      ...(scoped ? { role: request.user.role } : {}),
    }),
  );

  app.get(
    '/environments',
    {
      onRequest: requirePlatformAdmin,
      schema: {
        summary: 'Every environment with its theme and member count.',
        tags,
        security,
        'x-extension': true,
        params: params({}),
        response: { 200: PlatformEnvironments, ...errorResponses(401, 403, 503) },
      },
    },
    async () => listEnvironments(app.db),
  );

  app.post(
    '/environments',
    {
      onRequest: requirePlatformAdmin,
      schema: {
        summary: 'Creates an environment with its theme.',
        tags,
        security,
        'x-extension': true,
        params: params({}),
        body: CreateEnvironmentBody,
        response: { 201: PlatformEnvironment, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createEnvironment(app.db, request.body, await platformActorOf(app.db, request.accessToken)),
        ),
  );

  app.get(
    '/log',
    {
      onRequest: requirePlatformAdmin,
      schema: {
        summary:
          'The platform log: environments created and members added, removed or given a role, newest first.',
        tags,
        security,
        'x-extension': true,
        params: params({}),
        querystring: PlatformLogQuery,
        response: { 200: Type.Array(PlatformLogEntry), ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      const page = await platformLogPage(app.db, request.query);
      reply.header('X-Total-Count', String(page.total));
      return page.data;
    },
  );

  app.get(
    '/environments/:id/members',
    {
      onRequest: requirePlatformAdmin,
      schema: {
        summary: "The environment's members; `signedIn` false for invitations not yet used.",
        tags,
        security,
        'x-extension': true,
        params: params(PlatformEnvironmentParams),
        response: { 200: PlatformMembers, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => listMembers(app.db, request.params.id.toLowerCase()),
  );

  app.post(
    '/environments/:id/members',
    {
      onRequest: requirePlatformAdmin,
      schema: {
        summary: 'Adds a member by e-mail address or object id (invites someone unknown).',
        tags,
        security,
        'x-extension': true,
        params: params(PlatformEnvironmentParams),
        body: AddMemberBody,
        response: { 200: PlatformMember, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) =>
      addMember(
        app.db,
        request.params.id.toLowerCase(),
        request.body,
        await platformActorOf(app.db, request.accessToken),
      ),
  );

  app.put(
    '/environments/:id/members/:userId',
    {
      onRequest: requirePlatformAdmin,
      schema: {
        summary: "Sets a member's role in the environment.",
        tags,
        security,
        'x-extension': true,
        params: params(PlatformMemberParams),
        body: SetMemberRoleBody,
        response: { 200: PlatformMember, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const member = await setMemberRole(
        app.db,
        id.toLowerCase(),
        userId.toLowerCase(),
        request.body.role,
        await platformActorOf(app.db, request.accessToken),
      );
      if (!member) throw notFound('Het lid');
      return member;
    },
  );

  app.delete(
    '/environments/:id/members/:userId',
    {
      onRequest: requirePlatformAdmin,
      schema: {
        summary: 'Ends a membership (the user keeps other environments).',
        tags,
        security,
        'x-extension': true,
        params: params(PlatformMemberParams),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      const actor = await platformActorOf(app.db, request.accessToken);
      if (!(await removeMember(app.db, id.toLowerCase(), userId.toLowerCase(), actor)))
        throw notFound('Het lid');
      return reply.status(204).send(null);
    },
  );
};

/** /api/1/platform/…: for tools and the first setup (no environment membership needed). */
export const platformRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(platformAdministration, { prefix: '/api/1/platform', scoped: false });
};

/** /api/1/{environmentId}/platform/…: the same for the console, inside the environment scope. */
export const platformArea: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(platformAdministration, { prefix: '/platform', scoped: true });
};
