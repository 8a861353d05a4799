// One table for every benchmark's figures (`npm run bench` prints them together).
import { appendFileSync } from 'node:fs';

export interface BenchRow {
  measure: string;
  value: number;
  unit: string;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function printTable(rows: readonly BenchRow[]): void {
  const width = Math.max(...rows.map((row) => row.measure.length));
  for (const row of rows) {
    const digits = row.value >= 100 ? 0 : 1;
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
