import { logActorOf } from '../auditLog/logActor';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { environmentParams, errorResponses, Uuid } from '../contract/common';
import { PlatformMember, PlatformMembers, SetMemberRoleBody } from '../contract/platform';
import { listMembers, setMemberRole } from '../environments/provisioning';
import { conflict, notFound } from '../errors';

const tags = ['members'];

/**
 * The environment's own members and their roles (extension): every member sees who works in the
 * environment; a Beheerder sets roles (contract/operationRoles.ts). Adding and removing members stays
 * with the platform administrators (routes/platform.ts).
 */
export const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/members',
    {
      schema: {
        summary: "The environment's members with their roles.",
        tags,
        'x-extension': true,
        response: { 200: PlatformMembers, ...errorResponses(401, 403) },
      },
    },
    async (request) => listMembers(app.db, request.environmentId),
  );

  app.put(
    '/members/:userId',
    {
      schema: {
        summary: "Sets a member's role; a member cannot change their own.",
        tags,
        'x-extension': true,
        params: environmentParams({ userId: Uuid }),
        body: SetMemberRoleBody,
        response: { 200: PlatformMember, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const userId = request.params.userId.toLowerCase();
      // A Beheerder who lowers their own role could leave the environment without one.
      if (userId === request.user.id) throw conflict('Je kunt je eigen rol niet wijzigen.');
      const member = await setMemberRole(
        app.db,
        request.environmentId,
        userId,
        request.body.role,
        logActorOf(request),
      );
      if (!member) throw notFound('Het lid');
      return member;
    },
  );
};
