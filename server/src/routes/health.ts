import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { pingDatabase } from '../db/ping';
import { publicRateLimit } from '../http/rateLimit';
import { mediaServices } from '../media/mediaServices';

const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Literal('ok'),
  store: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  identityProvider: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  /** Why the identity provider is unreachable (for the operator; never a secret). */
  reason: Type.Optional(Type.String()),
});

/**
 * GET /health: 200 while the process runs (load balancers, tests, bench ceiling).
 * GET /ready (also /health/ready): 200 when the database and the media store answer and tokens can be
 * checked (the identity provider's keys are at hand); 503 with the reason otherwise, so a load balancer
 * sends no traffic in vain.
 * A stopping instance answers every new request with 503 (Fastify's default while closing).
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Public and unauthenticated: limited per client address (HEALTH_RATE_LIMIT), generously.
  const limit = publicRateLimit({ max: app.config.publicReads.healthPerMinute, timeWindow: '1 minute' });
  app.get(
    '/health',
    {
      ...limit,
      logLevel: 'warn', // probes every few seconds would drown the request log
      schema: { hide: true, response: { 200: Type.Object({ status: Type.Literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  const services = mediaServices(app);
  for (const url of ['/ready', '/health/ready'])
    app.get(
      url,
      {
        ...limit,
        logLevel: 'warn',
        schema: { hide: true, response: { 200: Readiness, 503: Readiness } },
      },
      async (_request, reply) => {
        await pingDatabase(app.db);
        const store = await (await services).store.ping().then(
          () => 'ok' as const,
          () => 'unreachable' as const,
        );
        const identity = await app.identity.readiness();
        const ready = identity.ready && store === 'ok';
        const reason = store !== 'ok' ? 'media store unreachable' : identity.reason;
        return reply.status(ready ? 200 : 503).send({
          status: ready ? ('ok' as const) : ('unavailable' as const),
          database: 'ok' as const,
          store,
          identityProvider: identity.ready ? ('ok' as const) : ('unreachable' as const),
          ...(reason !== undefined && { reason }),
        });
      },
    );
};
