import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { requireAccessToken } from '../auth/bearer';
import { errorResponses } from '../contract/common';
import { RegisterUserBody, UserId } from '../contract/environment';
import { environments } from '../db/schema';
import { forbidden, notFound } from '../errors';
import { registerUser } from '../users/registerUser';

/** POST /api/1/users (spec §7): the console registers the signed-in user and keeps the returned userId. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/1/users',
    {
      onRequest: requireAccessToken,
      schema: {
        summary:
          'Registers the signed-in user (created on first sign-in); answers the userId as a JSON string.',
        tags: ['environment'],
        security: [{ bearer: [] }],
        body: RegisterUserBody,
        response: { 200: UserId, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const token = request.accessToken;
      if (token.username.trim().toLowerCase() !== request.body.username.trim().toLowerCase()) {
        throw forbidden('De gebruikersnaam hoort niet bij je aanmelding.');
      }
      const [environment] = await app.db
        .select({ id: environments.id })
        .from(environments)
        .where(eq(environments.id, request.body.environmentId.toLowerCase()))
        .limit(1);
      if (!environment) throw notFound('De omgeving');
      const userId = await registerUser(app.db, token);
      // A string payload would go out as text/plain; the contract says a JSON string.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(userId));
    },
  );
};
