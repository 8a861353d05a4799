// `npm run bench`: every benchmark, one after another, each in its own process (the build is made once
// by the npm script), then their headline figures in one table with the machine, date and load. Each
// benchmark's own command prints more detail (see docs/performance.md). BENCH_ONLY=first-load,startup
// runs a subset.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { printTable, type BenchRow } from './table';

const benchmarks = ['first-load', 'reload', 'rows', 'startup', 'api', 'api-driver', 'receivers', 'media'];
const only = process.env.BENCH_ONLY?.split(',');
const selected = only ? benchmarks.filter((name) => only.includes(name)) : benchmarks;

const reportDir = mkdtempSync(path.join(tmpdir(), 'dpp-bench-'));
const report = path.join(reportDir, 'rows.jsonl');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const loadBefore = load();
const failed: string[] = [];
try {
  for (const name of selected) {
    console.log(`\n=== bench/${name}.ts ===\n`);
    const run = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_REPORT: report },
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
} finally {
  rmSync(reportDir, { recursive: true, force: true });
}
if (failed.length) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
