import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { ApiError } from '../errors';
import { openRateLimitRedis, rateLimitNamespace, type RateLimitRedis } from './rateLimitStore';

/**
 * Registers @fastify/rate-limit without a global limit: only routes that ask for one (public, unauthenticated
 * endpoints, through `publicRateLimit`, or a route's own `config.rateLimit`) are limited, per client
 * address. Behind a reverse proxy the client address comes from X-Forwarded-For only when TRUST_PROXY=on
 * (see config). With REDIS_URL every such limit is counted in Redis, across all instances; without it in
 * this process's memory. New limits need nothing more than `publicRateLimit` to be shared. Answers that
 * Redis connection (for the limits kept outside Fastify: routes/tracking.ts).
 */
export async function registerRateLimiting(app: FastifyInstance): Promise<RateLimitRedis | undefined> {
  const shared = openRateLimitRedis(app.config.redisUrl);
  if (shared) app.addHook('onClose', () => shared.close());
  await app.register(rateLimit, {
    global: false,
    ...(shared && {
      redis: shared.redis,
      nameSpace: `${app.config.redisPrefix}${rateLimitNamespace}`,
      // Redis unreachable: requests pass (and the outage is logged) rather than failing with 500.
      skipOnError: true,
    }),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        `Te veel verzoeken. Probeer het over ${Math.max(1, Math.ceil(context.ttl / 1000))} seconden opnieuw.`,
      ),
  });
  return shared;
}

export interface PublicRateLimit {
  /** Requests one client address may make per window. */
  max: number;
  /** Window length, e.g. '1 minute'. */
  timeWindow: string;
}

/** Route options that limit a public endpoint per client address: spread into the route's options. */
export function publicRateLimit({ max, timeWindow }: PublicRateLimit): Pick<RouteShorthandOptions, 'config'> {
  return { config: { rateLimit: { max, timeWindow } } };
}

/**
 * Limits requests to paths no route answers (404) per client address, before their body is read: they
 * cost little each, but nothing else bounded them (1,500 of 1,500 were answered, each logged).
 * `exempt` names those the not-found handler answers with something real (the console's page for a
 * browser navigation to a client route); they are not counted.
 */
export function limitUnknownPaths(
  app: FastifyInstance,
  { max, timeWindow }: PublicRateLimit,
  exempt: (request: FastifyRequest) => boolean,
): void {
  const limit = app.rateLimit({ max, timeWindow, keyGenerator: (request) => `unknown-path:${request.ip}` });
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404 && !exempt(request)) await limit.call(app, request, reply);
  });
}
