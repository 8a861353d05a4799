import type { Clock } from '../delivery/clock';
import { systemClock } from '../delivery/clock';

/**
 * The journeys' clock: the system's, plus an offset only the test-only endpoint moves (routes/journeys
 * registers it outside production only), so an end-to-end test sees two days pass without waiting.
 */
export interface JourneyClock extends Clock {
  advance(ms: number): void;
}

export function journeyClock(base: Clock = systemClock): JourneyClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    sleep: (ms) => base.sleep(ms),
    advance: (ms) => {
      offset += ms;
    },
  };
}
