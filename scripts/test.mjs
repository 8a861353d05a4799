// `npm test`: every check of the project (typecheck, lint, unit, server on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL, end to end), run side by side. Most of these wait on something
// (a spawned server, the database, Chromium) for much of their time, so one after another leaves the
// cores idle: two at a time keep both cores busy. The console and server are built once first,
// because the server and end-to-end suites both start `dist-server/main.js`.
//
// Each job's output goes to test-results/logs/<job>.log and is printed whole when the job ends; the
// last line adds up the tests of every suite ("N passed, N failed"). TEST_JOBS=unit,lint runs a subset.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { stripVTControlCharacters } from 'node:util';

const postgresUrl = process.env.TEST_DATABASE_URL;
const vitest = (project, ...extra) => ['npx', 'vitest', 'run', '--project', project, ...extra];

// Started in this order, longest first, at most TEST_CONCURRENCY at a time (default 2, one per core:
// more at once made the jsdom and browser tests time out on a 2-core machine).
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 2);
const allJobs = [
  { name: 'e2e', command: vitest('e2e') },
  { name: 'server-pglite', command: vitest('server'), env: { TEST_DATABASE_URL: '' } },
  ...(postgresUrl ? [{ name: 'server-postgres', command: vitest('server'), env: { TEST_DATABASE_URL: postgresUrl } }] : []),
  { name: 'unit', command: vitest('unit') },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
  { name: 'lint', command: ['npx', 'eslint', '.'] },
];
const chosen = process.env.TEST_JOBS?.split(',').map((name) => name.trim());
const jobs = chosen ? allJobs.filter((job) => chosen.includes(job.name)) : allJobs;
if (jobs.length === 0) throw new Error(`TEST_JOBS names no job; the jobs are ${allJobs.map((job) => job.name).join(', ')}`);

mkdirSync('test-results/logs', { recursive: true });
const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(0);

const build = await run({ name: 'build', command: ['npm', 'run', 'build'] });
if (build.code !== 0) finish([build]);
// The suites' own set-up would otherwise rebuild dist-server/ while another suite runs it.
process.env.SERVER_BUNDLE_BUILT = '1';

const results = await runAll(jobs, concurrency);
finish([build, ...results]);

/** Runs the jobs in their order, at most `limit` at a time; the results in the jobs' order. */
async function runAll(queue, limit) {
  const results = new Array(queue.length);
  let next = 0;
  const lane = async () => {
    while (next < queue.length) {
      const index = next++;
      results[index] = await run(queue[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, lane));
  return results;
}

/** Runs one job with its output in a log file; prints that log when the job ends. */
function run(job) {
  const logPath = `test-results/logs/${job.name}.log`;
  const log = createWriteStream(logPath);
  const jobStarted = Date.now();
  console.log(`▶ ${job.name} started (load ${loadavg()[0].toFixed(1)})`);
  return new Promise((resolve) => {
    const child = spawn(job.command[0], job.command.slice(1), {
      env: { ...process.env, ...job.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end(() => {
        const output = readFileSync(logPath, 'utf8');
        const result = { ...job, code: code ?? 1, seconds: seconds(jobStarted), tests: countTests(output) };
        console.log(`\n━━━━ ${job.name}: ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${result.seconds} s ━━━━`);
        console.log(output.trimEnd());
        resolve(result);
      });
    });
  });
}

/** Vitest's summary line: " Tests  2 failed | 474 passed (476)" (colours removed first). */
function countTests(output) {
  const plain = stripVTControlCharacters(output);
  const summary = [...plain.matchAll(/^\s*Tests\s+(.+)\(\d+\)\s*$/gm)].at(-1)?.[1];
  if (!summary) return undefined;
  const count = (word) => Number(summary.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
  return { passed: count('passed'), failed: count('failed') };
}

function finish(results) {
  console.log(`\n━━━━ summary (${seconds(started)} s in all, load ${loadavg()[0].toFixed(1)}) ━━━━`);
  for (const result of results) {
    const tests = result.tests ? `${result.tests.passed} passed, ${result.tests.failed} failed` : '';
    console.log(`${result.code === 0 ? 'ok    ' : 'FAILED'} ${result.name.padEnd(16)} ${String(result.seconds).padStart(4)} s  ${tests}`);
  }
  const passed = results.reduce((sum, result) => sum + (result.tests?.passed ?? 0), 0);
  // A check that failed without test counts (typecheck, lint, a crashed suite) counts as one failure.
  const failed = results.reduce((sum, result) => sum + (result.tests?.failed || (result.code === 0 ? 0 : 1)), 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(results.every((result) => result.code === 0) ? 0 : 1);
}
