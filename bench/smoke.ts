// `npm run bench:smoke`: every `npm run bench:*` of package.json once in short mode (BENCH_SHORT=1, tiny
// sizes, see shortMode.ts), one after another, so that a benchmark that no longer runs fails CI instead of
// being found broken the day someone needs it. A benchmark passes when it exits 0 within its time limit
// and reported at least one figure: a row with a finite value given to reportRows (table.ts), which
// appends it to BENCH_REPORT. The figures themselves are not judged. Prints each benchmark's output when
// it fails, then a table and a last line "benchmarks: N of M passed" (not in the test runners' "N passed, N failed" form, so CI counts the tests of npm test, not benchmarks). Full sizes stay manual (`npm run bench`).
//
// The benchmarks come from package.json: the last step of each script (`tsx bench/rows.ts`) is run, the
// steps before it (builds) once before all of them, skipping a build whose output is already there (the
// console and server `npm test` just built; delete dist/ to build anew).
// BENCH_SMOKE_ONLY=rows,render runs a subset; BENCH_SMOKE_LIMIT_SECONDS (default 240) is each one's limit.
import { execSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { BenchRow } from './table';

interface Benchmark {
  /** The npm script, e.g. `bench:rows`. */
  script: string;
  /** Its last step, the benchmark itself. */
  command: string;
}

interface Outcome {
  script: string;
  passed: boolean;
  seconds: number;
  figures: number;
  /** Why it failed, in a few words. */
  reason: string;
}

/** Builds whose output is checked first: these are not run again when the files are there. */
const buildOutputs: Record<string, string[]> = {
  'npm run build': ['dist/index.html', 'dist-server/main.js', 'dist-server/worker.js'],
  'node scripts/build-server.mjs': ['dist-server/main.js', 'dist-server/worker.js'],
};
const limitSeconds = Number(process.env.BENCH_SMOKE_LIMIT_SECONDS ?? 240);
const logDir = path.resolve('test-results/bench-smoke');

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
  .scripts;
const only = process.env.BENCH_SMOKE_ONLY?.split(',').map((name) => `bench:${name.trim()}`);
const benchmarks: Benchmark[] = Object.entries(scripts)
  .filter(([script]) => script.startsWith('bench:') && script !== 'bench:smoke')
  .filter(([script]) => !only || only.includes(script))
  .map(([script, line]) => ({ script, command: line.split(' && ').at(-1)! }));
if (benchmarks.length === 0) throw new Error(`BENCH_SMOKE_ONLY names no bench:* script`);

const started = Date.now();
buildOnce(benchmarks.map(({ script }) => scripts[script]));
mkdirSync(logDir, { recursive: true });
const outcomes: Outcome[] = [];
for (const benchmark of benchmarks) outcomes.push(await runShort(benchmark));
printSummary(outcomes);
process.exit(outcomes.every((outcome) => outcome.passed) ? 0 : 1);

/** Runs each build step of the scripts once, in their order, unless its output is already there. */
function buildOnce(lines: string[]): void {
  const steps = [...new Set(lines.flatMap((line) => line.split(' && ').slice(0, -1)))];
  for (const step of steps) {
    if (buildOutputs[step]?.every((file) => existsSync(file))) continue;
    console.log(`bench:smoke: ${step}`);
    execSync(step, { stdio: 'inherit' });
    // `npm run build` covers the server bundle too: a later step that only bundles the server is done.
    if (step === 'npm run build') delete buildOutputs[step];
  }
}

/** One benchmark in short mode, in its own process group (killed whole at its limit), its output in a log. */
function runShort({ script, command }: Benchmark): Promise<Outcome> {
  const name = script.slice('bench:'.length);
  const logPath = path.join(logDir, `${name}.log`);
  const report = path.join(logDir, `${name}.jsonl`);
  rmSync(report, { force: true });
  const log = createWriteStream(logPath);
  const benchStarted = Date.now();
  console.log(`▶ ${script}: ${command} (load ${loadavg()[0].toFixed(1)})`);
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], {
      // The benchmarks' servers start from the build (benchServer.ts): no TypeScript compiled at each start.
      env: { ...process.env, BENCH_SHORT: '1', BENCH_BUILT_SERVER: '1', BENCH_REPORT: report, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    let overLimit = false;
    const limit = setTimeout(() => {
      overLimit = true;
      killGroup(child.pid);
    }, limitSeconds * 1000);
    child.on('exit', () => {
      clearTimeout(limit);
      // A server or browser the benchmark left behind would hold the pipes (and this run) open.
      setTimeout(() => killGroup(child.pid), 5000).unref();
    });
    child.on('close', (code, signal) => {
      log.end(() => {
        const seconds = Math.round((Date.now() - benchStarted) / 1000);
        const figures = countFigures(report);
        const reason = overLimit
          ? `still running after ${limitSeconds} s`
          : code !== 0
            ? `exit ${code ?? signal}`
            : figures === 0
              ? 'reported no figure'
              : '';
        const outcome = { script, passed: reason === '', seconds, figures, reason };
        console.log(
          `${outcome.passed ? '✓' : '✗'} ${script} in ${seconds} s, ${figures} figures${reason && `: ${reason}`}`,
        );
        if (!outcome.passed)
          console.log(`---- ${logPath} ----\n${readFileSync(logPath, 'utf8').trimEnd()}\n----`);
        resolve(outcome);
      });
    });
  });
}

/** The rows the benchmark reported (reportRows) with a finite value. */
function countFigures(report: string): number {
  if (!existsSync(report)) return 0;
  return readFileSync(report, 'utf8')
    .split('\n')
    .filter(Boolean)
    .filter((line) => Number.isFinite((JSON.parse(line) as BenchRow).value)).length;
}

function killGroup(pid: number | undefined): void {
  try {
    if (pid) process.kill(-pid, 'SIGKILL');
  } catch {
    // the group has already ended
  }
}

function printSummary(results: readonly Outcome[]): void {
  const total = Math.round((Date.now() - started) / 1000);
  console.log(`\n━━━━ bench:smoke (${total} s in all, load ${loadavg()[0].toFixed(1)}) ━━━━`);
  console.log('| benchmark | result | seconds | figures |\n| --- | --- | ---: | ---: |');
  for (const { script, passed, seconds, figures, reason } of results)
    console.log(`| ${script} | ${passed ? 'ok' : `FAILED: ${reason}`} | ${seconds} | ${figures} |`);
  const failed = results.filter((result) => !result.passed).length;
  console.log(`benchmarks: ${results.length - failed} of ${results.length} passed`);
}
