// `npm run bench`: every benchmark, one after another, each in its own process (the build is made once
// by the npm script), then their headline figures in one table with the machine, date and load, and the
// ratios against a reference measured in the same run (rows reported with `against`, table.ts) in a second
// table with their targets. Each benchmark's own command prints more detail (see docs/performance.md).
// BENCH_ONLY=first-load,startup runs a subset.
//
// Adding a benchmark is one entry below: its name (bench/<name>.ts, which reports its rows with
// reportRows, ratio rows with `against`) and, if a full run of it would be too long here, the environment
// that makes it shorter.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { printRatios, printTable, type BenchRow } from './table';

interface Benchmark {
  name: string;
  env?: Record<string, string>;
}

const benchmarks: Benchmark[] = [
  { name: 'first-load' },
  { name: 'reload' },
  { name: 'rows' },
  { name: 'startup' },
  { name: 'api' },
  { name: 'api-driver' },
  { name: 'receivers' },
  { name: 'media' },
  { name: 'send', env: { SEND_BENCH_RECIPIENTS: '20000', SEND_BENCH_PAIRS: '1' } },
  { name: 'tracking', env: { BENCH_DURATION: '5' } },
  { name: 'analytics', env: { BENCH_RECIPIENTS: '20000', BENCH_EVENTS: '200000' } },
  { name: 'journeys', env: { JOURNEYS_BENCH_IMPORTED: '10000', JOURNEYS_BENCH_DUE: '20000' } },
];
const only = process.env.BENCH_ONLY?.split(',');
const selected = only ? benchmarks.filter(({ name }) => only.includes(name)) : benchmarks;

const reportDir = mkdtempSync(path.join(tmpdir(), 'dpp-bench-'));
const report = path.join(reportDir, 'rows.jsonl');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const loadBefore = load();
const failed: string[] = [];
try {
  for (const { name, env } of selected) {
    console.log(`\n=== bench/${name}.ts ===\n`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`], {
      stdio: 'inherit',
      // The entry's settings are defaults: the caller's environment still wins.
      env: { ...env, ...process.env, BENCH_REPORT: report },
    });
    if (run.status !== 0) failed.push(name);
  }
  const rows = readFileSync(report, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BenchRow);
  console.log(
    `\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} x ${cpus()[0]?.model.trim()}, ` +
      `Node.js ${process.versions.node}, load average before ${loadBefore}, after ${load()}\n`,
  );
  printTable(rows);
  printRatios(rows);
} finally {
  rmSync(reportDir, { recursive: true, force: true });
}
if (failed.length) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
