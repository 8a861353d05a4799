import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { requireAccessToken } from '../auth/bearer';
import { isPlatformAdmin, requirePlatformAdmin } from '../auth/platformAdmin';
import { errorResponses } from '../contract/common';
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
} from '../contract/platform';
import {
  addMember,
  createEnvironment,
  listEnvironments,
  listMembers,
  removeMember,
} from '../environments/provisioning';
import { notFound } from '../errors';

const tags = ['platform'];
const security = [{ bearer: [] }];

/**
 * Platform administration (extension): environments and their members, for the operator's platform
 * administrators only (auth/platformAdmin.ts). `npm run admin` does the same from the command line.
 */
export const platformRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/1/platform/me',
    {
      onRequest: requireAccessToken,
      schema: {
        summary: 'Whether the signed-in user is a platform administrator.',
        tags,
        security,
        'x-extension': true,
        response: { 200: PlatformRole, ...errorResponses(401, 503) },
      },
    },
    async (request) => ({ platformAdmin: isPlatformAdmin(app.config.platformAdmins, request.accessToken) }),
  );

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<TypeBoxTypeProvider>();
    admin.addHook('onRequest', requirePlatformAdmin);

    admin.get(
      '/api/1/platform/environments',
      {
        schema: {
          summary: 'Every environment with its theme and member count.',
          tags,
          security,
          'x-extension': true,
          response: { 200: PlatformEnvironments, ...errorResponses(401, 403, 503) },
        },
      },
      async () => listEnvironments(app.db),
    );

    admin.post(
      '/api/1/platform/environments',
      {
        schema: {
          summary: 'Creates an environment with its theme.',
          tags,
          security,
          'x-extension': true,
          body: CreateEnvironmentBody,
          response: { 201: PlatformEnvironment, ...errorResponses(400, 401, 403, 503) },
        },
      },
      async (request, reply) => {
        return reply.status(201).send(await createEnvironment(app.db, request.body));
      },
    );

    admin.get(
      '/api/1/platform/environments/:environmentId/members',
      {
        schema: {
          summary: "The environment's members; `signedIn` false for invitations not yet used.",
          tags,
          security,
          'x-extension': true,
          params: PlatformEnvironmentParams,
          response: { 200: PlatformMembers, ...errorResponses(400, 401, 403, 404, 503) },
        },
      },
      async (request) => listMembers(app.db, request.params.environmentId),
    );

    admin.post(
      '/api/1/platform/environments/:environmentId/members',
      {
        schema: {
          summary: 'Adds a member by e-mail address or object id (invites someone unknown).',
          tags,
          security,
          'x-extension': true,
          params: PlatformEnvironmentParams,
          body: AddMemberBody,
          response: { 200: PlatformMember, ...errorResponses(400, 401, 403, 404, 503) },
        },
      },
      async (request) => addMember(app.db, request.params.environmentId, request.body),
    );

    admin.delete(
      '/api/1/platform/environments/:environmentId/members/:userId',
      {
        schema: {
          summary: 'Ends a membership (the user keeps other environments).',
          tags,
          security,
          'x-extension': true,
          params: PlatformMemberParams,
          response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 503) },
        },
      },
      async (request, reply) => {
        const { environmentId, userId } = request.params;
        if (!(await removeMember(app.db, environmentId, userId.toLowerCase()))) throw notFound('Het lid');
        return reply.status(204).send(null);
      },
    );
  });
};
