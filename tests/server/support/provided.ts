import { inject, type ProvidedContext } from 'vitest';

/**
 * What the test run's global setup provided (vitest's `inject`), or undefined outside a test run: the
 * benchmarks (bench/) start servers and databases through these helpers too, with no templates made.
 */
export function provided<K extends keyof ProvidedContext>(key: K): ProvidedContext[K] | undefined {
  return process.env.VITEST ? inject(key) : undefined;
}
