import { answerDeadline } from './answerDeadline';

/** The pauses between tries while the server does not answer: soon at first, then every 10 seconds. */
export const reachabilityProbePausesMs: readonly number[] = [1_000, 2_000, 4_000, 8_000, 10_000];

export interface ServerReachability {
  /**
   * Resolves once the server answers again. Every caller waiting at the same time shares one series of
   * tries, so a page with several failed saves asks the server once per pause, not once per save.
   */
  whenAnswering(): Promise<void>;
}

/**
 * Asks `probeUrl` (the server's `/health`) until it answers 200. A try that hangs (a stopped process
 * keeps its connections open) ends at the answer time limit and counts as no answer.
 */
export function createServerReachability(
  probeUrl: string,
  pausesMs: readonly number[] = reachabilityProbePausesMs,
): ServerReachability {
  let waiting: Promise<void> | undefined;

  async function answers(): Promise<boolean> {
    const deadline = answerDeadline();
    try {
      const response = await fetch(probeUrl, { cache: 'no-store', signal: deadline.signal });
      return response.ok;
    } catch {
      return false;
    } finally {
      deadline.settle();
    }
  }

  async function tryUntilAnswered(): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const pause = pausesMs[Math.min(attempt, pausesMs.length - 1)];
      await new Promise((resolve) => setTimeout(resolve, pause));
      if (await answers()) return;
    }
  }

  return {
    whenAnswering() {
      waiting ??= tryUntilAnswered().finally(() => {
        waiting = undefined;
      });
      return waiting;
    },
  };
}
