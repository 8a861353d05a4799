import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAccessToken } from '../auth/bearer';
import { errorResponses } from '../contract/common';
import { RegisterUserBody, UserId } from '../contract/environment';
import { forbidden } from '../errors';
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
        description:
          'The same answer for any environmentId, known or not: registration grants no access, and the ' +
          'answer must not tell which environment ids exist.',
        tags: ['environment'],
        security: [{ bearer: [] }],
        body: RegisterUserBody,
        response: { 200: UserId, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const token = request.accessToken;
      if (token.username.trim().toLowerCase() !== request.body.username.trim().toLowerCase()) {
        throw forbidden('De gebruikersnaam hoort niet bij je aanmelding.');
      }
      // The environment id is not looked up: registering is the same for every environment, so this
      // answer never tells whether an id exists (access is checked by every environment's own calls).
      const userId = await registerUser(app.db, token);
      // A string payload would go out as text/plain; the contract says a JSON string.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(userId));
    },
  );
};
