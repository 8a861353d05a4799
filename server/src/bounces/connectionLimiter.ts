/**
 * Connections per client address in the current minute (a fixed window), for the bounce listener: a mail
 * server that sends a burst of reports gets 421 and tries again later; memory is bounded by the addresses
 * seen in one minute, and the clock is injected so tests need no waiting.
 */
export function createConnectionLimiter(perMinute: number, now: () => number = Date.now) {
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    /** Counts a connection from `address`; false when it is over the limit. */
    admit(address: string): boolean {
      const time = now();
      if (time - windowStart >= 60_000) {
        windowStart = time;
        counts = new Map();
      }
      const count = (counts.get(address) ?? 0) + 1;
      counts.set(address, count);
      return count <= perMinute;
    },
  };
}
