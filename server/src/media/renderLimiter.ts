import { ApiError } from '../errors';

/** How much rendering the CDN does at once, and how long an ask may wait for it. */
export interface RenderLimits {
  /** Renders running at once (each keeps a core busy). */
  concurrency: number;
  /** Renders waiting for a free slot; one more is refused at once. */
  maxQueued: number;
  /** Longest an ask waits for its rendering, queue included. */
  timeoutMs: number;
}

/** The timer functions the limiter uses; tests pass their own clock. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The renderer is saturated (queue full) or an ask waited too long: try again shortly. */
export class RenderBusyError extends ApiError {
  /** Seconds after which a retry is sensible (the Retry-After header). */
  readonly retryAfterSeconds = 2;

  constructor() {
    super(503, 'De afbeeldingen worden even niet verkleind: het is te druk. Probeer het zo opnieuw.');
    this.name = 'RenderBusyError';
  }
}

/** The one who asked went away before the work was done (the client disconnected). */
export class RenderAbandonedError extends Error {
  constructor() {
    super('Rendering abandoned: nobody waits for it any more.');
    this.name = 'RenderAbandonedError';
  }
}

interface Waiting {
  start(): void;
  refuse(error: Error): void;
}

/**
 * Runs at most `concurrency` renders at once and lets at most `maxQueued` wait; beyond that, or after
 * `timeoutMs`, the ask is refused with `RenderBusyError`. An abandoned ask leaves the queue without being
 * run. A slot stays taken until its work has really ended, even when the ask already gave up on it: work
 * that cannot be interrupted still uses a core, so the limit counts it.
 */
export class RenderLimiter {
  private running = 0;
  private readonly queue: Waiting[] = [];

  constructor(
    private readonly limits: RenderLimits,
    private readonly timers: Timers = systemTimers,
  ) {}

  /** Renders running and waiting now. */
  get load(): { running: number; queued: number } {
    return { running: this.running, queued: this.queue.length };
  }

  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(new RenderAbandonedError());
    const hasSlot = this.running < this.limits.concurrency;
    if (!hasSlot && this.queue.length >= this.limits.maxQueued) return Promise.reject(new RenderBusyError());

    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        this.timers.clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        outcome();
      };
      const waiting: Waiting = {
        start: () => {
          this.running += 1;
          work()
            .then(
              (value) => finish(() => resolve(value)),
              (error: unknown) => finish(() => reject(error)),
            )
            .finally(() => this.release());
        },
        refuse: (error) => {
          const at = this.queue.indexOf(waiting);
          if (at >= 0) this.queue.splice(at, 1);
          finish(() => reject(error));
        },
      };
      const onAbort = () => waiting.refuse(new RenderAbandonedError());
      const timer = this.timers.setTimeout(
        () => waiting.refuse(new RenderBusyError()),
        this.limits.timeoutMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      if (hasSlot) waiting.start();
      else this.queue.push(waiting);
    });
  }

  private release(): void {
    this.running -= 1;
    const next = this.queue.shift();
    next?.start();
  }
}
