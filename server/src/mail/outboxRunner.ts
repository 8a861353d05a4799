// The one way a mail outbox (rsvp/mailOutbox.ts, signUp/mailOutbox.ts) is sent from a process: shortly
// after a kick, and every interval for rows another process left (its crash, its stop). One drain runs at
// a time; a kick while one runs makes one more run after it, so no queued row waits for the interval.

export interface OutboxRunner {
  /** Sends what is queued soon (after a row was queued in this process). */
  kick(): void;
  /** Stops taking work and waits for the drain in hand; a pending kick's rows wait for the next sweep. */
  stop(): Promise<void>;
}

/**
 * A kick sends this much later: a burst of queued rows goes out as one batch (one sender lookup for all),
 * and the sending does not run between every two requests the event loop serves.
 */
export const outboxKickDelayMs = 200;

export function startOutboxRunner(
  drain: () => Promise<unknown>,
  intervalMs: number,
  log: (error: unknown) => void,
): OutboxRunner {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let kicked: NodeJS.Timeout | undefined;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .then(() => undefined, log)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    kick() {
      if (stopped || kicked) return;
      kicked = setTimeout(() => {
        kicked = undefined;
        run();
      }, outboxKickDelayMs);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(kicked);
      await running;
    },
  };
}
