import { setTimeout as wait } from 'node:timers/promises';

/** Time as delivery sees it: tests give a clock of their own, so no test waits for real time. */
export interface Clock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => wait(ms),
};
