// Short mode (BENCH_SHORT=1): every benchmark runs with tiny sizes and durations, a few seconds each, so
// that `npm run bench:smoke` can run them all on every CI run and a benchmark that no longer runs is seen
// the day it breaks. Its figures say nothing about performance; the full sizes stay the default.

/** True when the benchmark runs in short mode (BENCH_SHORT=1). */
export const shortMode = process.env.BENCH_SHORT === '1';

/**
 * A size or duration the caller may set in the environment variable `name`; else `full`, or `short` in
 * short mode. A value given in the environment wins in both modes.
 */
export function benchSetting(name: string, full: number, short: number): number {
  const given = process.env[name];
  return given ? Number(given) : shortMode ? short : full;
}

/** A size the benchmark fixes itself (no variable of its own): `full`, or `short` in short mode. */
export function benchSize<T>(full: T, short: T): T {
  return shortMode ? short : full;
}
