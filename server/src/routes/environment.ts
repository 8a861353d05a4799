import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { requireAccessToken } from '../auth/bearer';
import { errorResponses } from '../contract/common';
import {
  AvailableEnvironments,
  AvailableEnvironmentsParams,
  AvailableEnvironmentsQuery,
  EnvironmentInfo,
} from '../contract/environment';
import { environmentInfoSource } from '../environments/environmentInfo';
import { listMemberEnvironments } from '../environments/memberEnvironments';
import { ApiError, forbidden } from '../errors';
import { isNotModified } from '../http/conditionalRequests';
import { publicRateLimit } from '../http/rateLimit';
import { identifyUser } from '../users/registerUser';

/** Environment calls outside the environment scope (spec §7): sign-in info and the environment switcher. */
export const environmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const environmentInfo = environmentInfoSource(app.db, (id) => {
    const { authority, clientId, apiScope, protocol, extraScopes } = app.identity.info;
    return {
      id,
      clientId,
      authority,
      apiScope,
      protocol,
      extraScopes,
      cdnBase: app.config.cdnBase,
      mailCatcher: app.mail.catcher !== undefined,
    };
  });

  app.get(
    '/api/1/environment/info',
    {
      // Public: limited per client address (ENVIRONMENT_INFO_RATE_LIMIT), far above what an office behind
      // one address asks, as every console start asks it and the answer costs next to nothing.
      ...publicRateLimit({ max: app.config.publicReads.environmentInfoPerMinute, timeWindow: '1 minute' }),
      schema: {
        summary: 'Sign-in settings and the default environment (no authentication).',
        tags: ['environment'],
        description:
          'Answers 503 with a Dutch message while the platform has no environment yet (a fresh installation). ' +
          'With an ETag and `Cache-Control: no-cache`: a request whose If-None-Match names the current ETag ' +
          'is answered 304 without a body.',
        response: {
          200: EnvironmentInfo,
          304: Type.Null({ description: 'Not modified: the ETag of If-None-Match is current.' }),
          ...errorResponses(429, 503),
        },
      },
    },
    async (request, typedReply) => {
      const answer = await environmentInfo();
      if (!answer) throw platformNotSetUp();
      // The answer is sent as the bytes it was serialised to once (of the 200's schema).
      const reply: FastifyReply = typedReply.headers({ etag: answer.etag, 'cache-control': 'no-cache' });
      if (isNotModified(request, answer.etag)) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );

  app.get(
    '/api/1/environments/environment/:environmentId/available',
    {
      onRequest: requireAccessToken,
      schema: {
        summary: 'The environments the user may switch to, with their logo.',
        description:
          'Only for the caller: `userId` must be the id POST /api/1/users returned for this token.',
        tags: ['environment'],
        security: [{ bearer: [] }],
        params: AvailableEnvironmentsParams,
        querystring: AvailableEnvironmentsQuery,
        response: { 200: AvailableEnvironments, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const token = request.accessToken;
      const caller = await identifyUser(app.db, token);
      if (!caller || caller.id !== request.query.userId.toLowerCase()) {
        throw forbidden('Je kunt alleen je eigen omgevingen opvragen.');
      }
      return listMemberEnvironments(app.db, caller.id);
    },
  );
};

/** A fresh installation: nobody can work until a platform administrator creates the first environment. */
const platformNotSetUp = () =>
  new ApiError(
    503,
    'Het platform is nog niet ingericht: er is nog geen omgeving. Vraag de beheerder van het platform om een omgeving aan te maken.',
  );
