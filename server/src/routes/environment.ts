import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAccessToken } from '../auth/bearer';
import { errorResponses } from '../contract/common';
import {
  AvailableEnvironments,
  AvailableEnvironmentsParams,
  AvailableEnvironmentsQuery,
  EnvironmentInfo,
} from '../contract/environment';
import { findDefaultEnvironmentId } from '../environments/defaultEnvironment';
import { listMemberEnvironments } from '../environments/memberEnvironments';
import { ApiError, forbidden } from '../errors';
import { publicRateLimit } from '../http/rateLimit';
import { identifyUser } from '../users/registerUser';

/** Environment calls outside the environment scope (spec §7): sign-in info and the environment switcher. */
export const environmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/1/environment/info',
    {
      // Public, and a query each time: limited per client address (ENVIRONMENT_INFO_RATE_LIMIT).
      ...publicRateLimit({ max: app.config.publicReads.environmentInfoPerMinute, timeWindow: '1 minute' }),
      schema: {
        summary: 'Sign-in settings and the default environment (no authentication).',
        tags: ['environment'],
        description:
          'Answers 503 with a Dutch message while the platform has no environment yet (a fresh installation).',
        response: { 200: EnvironmentInfo, ...errorResponses(429, 503) },
      },
    },
    async (): Promise<EnvironmentInfo> => {
      const id = await findDefaultEnvironmentId(app.db);
      if (!id) throw platformNotSetUp();
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
