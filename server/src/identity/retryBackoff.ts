/** Waits between attempts to reach the identity provider: 1 s, 2 s, 4 s … at most one minute. */
export const firstRetryDelayMs = 1_000;
export const maxRetryDelayMs = 60_000;

/**
 * Remembers failed attempts and says when the next one may start, so an unreachable provider is not
 * asked again by every request (each would wait for its timeout) and is asked again soon enough.
 */
export function createRetryBackoff(now: () => number) {
  let failures = 0;
  let retryAt = 0;
  return {
    /** Whether an attempt may start now. */
    mayTry: () => now() >= retryAt,
    failed() {
      failures += 1;
      retryAt = now() + Math.min(firstRetryDelayMs * 2 ** (failures - 1), maxRetryDelayMs);
    },
    succeeded() {
      failures = 0;
      retryAt = 0;
    },
  };
}
