import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { publicRateLimit } from '../http/rateLimit';

const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Literal('ok'),
  identityProvider: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  /** Why the identity provider is unreachable (for the operator; never a secret). */
  reason: Type.Optional(Type.String()),
});

/**
 * GET /health: 200 while the process runs (load balancers, tests, bench ceiling).
 * GET /health/ready: 200 when the database answers and tokens can be checked (the identity provider's
 * keys are at hand); 503 with the reason otherwise, so a load balancer sends no traffic in vain.
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

  app.get(
    '/health/ready',
    {
      ...limit,
      logLevel: 'warn',
      schema: { hide: true, response: { 200: Readiness, 503: Readiness } },
    },
    async (_request, reply) => {
      await app.db.execute(sql`select 1`);
      const identity = await app.identity.readiness();
      return reply.status(identity.ready ? 200 : 503).send({
        status: identity.ready ? ('ok' as const) : ('unavailable' as const),
        database: 'ok' as const,
        identityProvider: identity.ready ? ('ok' as const) : ('unreachable' as const),
        ...(identity.reason !== undefined && { reason: identity.reason }),
      });
    },
  );
};
