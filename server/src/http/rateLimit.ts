import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { ApiError } from '../errors';

/**
 * Registers @fastify/rate-limit without a global limit: only routes that ask for one (public, unauthenticated
 * endpoints, through `publicRateLimit`) are limited, per client address. Behind a reverse proxy the client
 * address comes from X-Forwarded-For only when TRUST_PROXY=on (see config).
 */
export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        429,
        `Te veel verzoeken. Probeer het over ${Math.max(1, Math.ceil(context.ttl / 1000))} seconden opnieuw.`,
      ),
  });
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
