import { Redis } from 'ioredis';

/** Where the rate-limit counters start, after REDIS_PREFIX. */
export const rateLimitNamespace = 'rate-limit:';

/** A connection to the Redis that holds the rate-limit counters of every instance. */
export interface RateLimitRedis {
  redis: Redis;
  close(): Promise<void>;
}

/**
 * Opens the Redis of REDIS_URL for @fastify/rate-limit, or answers undefined without one (then each
 * process counts for itself, in memory). A request never waits for an unreachable Redis: no offline
 * queue, one try per command, a short connect timeout; the limit then lets the request pass (fail open,
 * logged), so a Redis outage does not take the platform down with it.
 */
export function openRateLimitRedis(redisUrl: string | undefined): RateLimitRedis | undefined {
  if (!redisUrl) return undefined;
  const redis = new Redis(redisUrl, {
    connectTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  // Without a listener a lost connection would end the process; ioredis reconnects by itself.
  redis.on('error', () => undefined);
  return {
    redis,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
