// One table for every benchmark's figures (`npm run bench` prints them together).
import { appendFileSync } from 'node:fs';

export interface BenchRow {
  measure: string;
  value: number;
  unit: string;
  /**
   * A ratio of the platform against a reference measured in the same run (unit '×'): `npm run bench`
   * prints it again in its table of ratios, with the target and whether it is met.
   */
  against?: RatioTarget;
}

export interface RatioTarget {
  /** What the platform is compared with, e.g. 'bare nodemailer pool'. */
  reference: string;
  /** The ratio must stay at or below this (times, where lower is better). */
  atMost?: number;
  /** The ratio must reach at least this (rates, where higher is better). */
  atLeast?: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function printTable(rows: readonly BenchRow[]): void {
  const width = Math.max(...rows.map((row) => row.measure.length));
  for (const row of rows) {
    const digits = row.unit === '×' ? 2 : row.value >= 100 ? 0 : 1;
    console.log(`${row.measure.padEnd(width)}  ${row.value.toFixed(digits).padStart(9)} ${row.unit}`);
  }
}

/**
 * A benchmark's headline figures: printed, and with BENCH_REPORT set (bench/all.ts sets it) also
 * appended to that file as JSON lines, for the one table of `npm run bench`.
 */
export function reportRows(rows: readonly BenchRow[]): void {
  printTable(rows);
  const file = process.env.BENCH_REPORT;
  if (file) appendFileSync(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
}

/** The ratio rows of all benchmarks in one table: measure, ratio, reference, target, met. */
export function printRatios(rows: readonly BenchRow[]): void {
  const ratios = rows.filter((row) => row.against);
  if (ratios.length === 0) return;
  console.log('\n| ratio | value | against | target | met |\n| --- | ---: | --- | --- | --- |');
  for (const { measure, value, against } of ratios) {
    const { reference, atMost, atLeast } = against!;
    const target = atMost !== undefined ? `≤ ${atMost}` : atLeast !== undefined ? `≥ ${atLeast}` : '(none)';
    const met = atMost !== undefined ? value <= atMost : atLeast !== undefined ? value >= atLeast : undefined;
    console.log(
      `| ${measure} | ${value.toFixed(2)} | ${reference} | ${target} | ${met === undefined ? '' : met ? 'yes' : '**no**'} |`,
    );
  }
}
