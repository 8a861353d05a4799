import type { Clock } from './clock';

/**
 * Paces the messages of each environment to at most `perSecond` (DELIVERY_RATE_LIMIT) within this process:
 * every send takes the next free slot of its environment and waits for it. Environments do not slow each
 * other down. Several worker processes each keep their own pace.
 */
export interface RateLimiter {
  take(environmentId: string): Promise<void>;
}

export function createRateLimiter(perSecond: number, clock: Clock): RateLimiter {
  const interval = 1000 / perSecond;
  const nextSlot = new Map<string, number>();
  return {
    async take(environmentId) {
      const now = clock.now().getTime();
      const slot = Math.max(now, nextSlot.get(environmentId) ?? now);
      nextSlot.set(environmentId, slot + interval);
      if (slot > now) await clock.sleep(slot - now);
    },
  };
}
