// `npm test`: every check of the project (typecheck, lint, unit, server on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL, end to end), run side by side. Most of these wait on something
// (a spawned server, the database, Chromium) for much of their time, so one after another leaves the
// cores idle: two at a time keep both cores busy. The console and server are built once first,
// because the server and end-to-end suites both start `dist-server/main.js`.
//
// Each job's output goes to test-results/logs/<job>.log and is printed whole when the job ends; the
// last line adds up the tests of every suite ("N passed, N failed"). TEST_JOBS=unit,lint runs a subset.
// A job past TEST_JOB_DEADLINE_SECONDS (default 3000) is stopped and its log names the test files and
// tests it was still running.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { jobCpu } from './jobCpu.mjs';
import { slowestFiles, stillRunning } from './progressReporter.mjs';

const postgresUrl = process.env.TEST_DATABASE_URL;
// Beside the default reporter, one that notes each file and test as it starts and ends (see the deadline).
const vitest = (project, ...extra) => [
  'npx', 'vitest', 'run', '--project', project,
  '--reporter=default', '--reporter=./scripts/progressReporter.mjs', ...extra,
];
// A job still running after this many seconds is stopped and counts as failed, with what it was running
// named in its log: a hung test must end the run with a reason, well inside CI's 90 minutes.
const jobDeadlineSeconds = Number(process.env.TEST_JOB_DEADLINE_SECONDS ?? 3000);

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
/** The jobs' control groups (scripts/jobCpu.mjs), removed when the run ends. */
const cpuGroups = [];
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

/**
 * Runs one job in its own process group with its output in a log file; prints that log when the job
 * ends. When the job's main process exits, whatever it left running in its group (a server a test
 * started, a browser) is killed, since such a process would hold the output pipes open and the run with them.
 */
function run(job) {
  const logPath = `test-results/logs/${job.name}.log`;
  const progressPath = `test-results/logs/${job.name}.progress`;
  rmSync(progressPath, { force: true });
  const cpu = jobCpu(job.name);
  if (cpu) cpuGroups.push(cpu);
  const command = cpu ? cpu.command(job.command) : job.command;
  const log = createWriteStream(logPath);
  const jobStarted = Date.now();
  console.log(`▶ ${job.name} started (load ${loadavg()[0].toFixed(1)})`);
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      env: { ...process.env, ...job.env, NO_COLOR: '1', TEST_PROGRESS_FILE: progressPath },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    let overDeadline = false;
    const deadline = setTimeout(() => {
      overDeadline = true;
      log.write(`\n✗ ${job.name} stopped: still running after ${jobDeadlineSeconds} s.\n${whatWasRunning(child.pid, progressPath)}`);
      killGroup(child.pid);
    }, jobDeadlineSeconds * 1000);
    child.on('exit', () => {
      clearTimeout(deadline);
      // Output still in the pipes arrives within moments; a leftover process in the group would keep
      // them open for ever.
      setTimeout(() => killGroup(child.pid), 5000).unref();
    });
    child.on('close', (code) => {
      log.end(() => {
        const output = readFileSync(logPath, 'utf8');
        const exitCode = overDeadline ? 124 : (code ?? 1);
        const cpuSeconds = cpu?.seconds();
        const result = { ...job, code: exitCode, seconds: seconds(jobStarted), cpuSeconds, tests: countTests(output) };
        const cpuNote = cpuSeconds === undefined ? '' : ` (${cpuSeconds.toFixed(0)} s of CPU)`;
        console.log(`\n━━━━ ${job.name}: ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${result.seconds} s${cpuNote} ━━━━`);
        console.log(output.trimEnd());
        const slowest = existsSync(progressPath) ? slowestFiles(readFileSync(progressPath, 'utf8'), 10) : [];
        if (slowest.length > 0) {
          const named = slowest.map((file) => `${path.basename(file.name)} ${file.seconds.toFixed(0)} s`);
          console.log(`Slowest files of ${job.name} (hooks included): ${named.join(', ')}`);
        }
        resolve(result);
      });
    });
  });
}

function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group has already ended
  }
}

/** For a job past its deadline: the test files and tests that started and did not end, and its processes. */
function whatWasRunning(pid, progressPath) {
  const running = existsSync(progressPath) ? stillRunning(readFileSync(progressPath, 'utf8')) : [];
  const lines = running.map((entry) => `  ${entry.kind === 'file' ? 'file' : 'test'}: ${entry.name}`);
  let processes;
  try {
    processes = execFileSync('ps', ['-o', 'pid,etimes,time,args', '--no-headers', '-g', String(pid)], {
      encoding: 'utf8',
    });
  } catch {
    processes = '(ps found none)';
  }
  return [
    'Still running:',
    ...(lines.length > 0 ? lines : ['  (no test file had started)']),
    'Processes in the job:',
    ...processes.trimEnd().split('\n').map((line) => `  ${line.slice(0, 240)}`),
    '',
  ].join('\n');
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
    const cpu = result.cpuSeconds === undefined ? '' : `${result.cpuSeconds.toFixed(0).padStart(5)} s CPU`;
    console.log(`${result.code === 0 ? 'ok    ' : 'FAILED'} ${result.name.padEnd(16)} ${String(result.seconds).padStart(4)} s ${cpu}  ${tests}`);
  }
  // Two jobs at a time keep the cores busy, so the run cannot take less than all the CPU over the cores.
  const cpuSeconds = results.reduce((sum, result) => sum + (result.cpuSeconds ?? 0), 0);
  if (results.every((result) => result.cpuSeconds !== undefined))
    console.log(`CPU of all jobs: ${cpuSeconds.toFixed(0)} s, ${(cpuSeconds / availableParallelism()).toFixed(0)} s on each of ${availableParallelism()} cores`);
  const passed = results.reduce((sum, result) => sum + (result.tests?.passed ?? 0), 0);
  // A check that failed without test counts (typecheck, lint, a crashed suite) counts as one failure.
  const failed = results.reduce((sum, result) => sum + (result.tests?.failed || (result.code === 0 ? 0 : 1)), 0);
  console.log(`${passed} passed, ${failed} failed`);
  for (const group of cpuGroups) group.remove();
  process.exit(results.every((result) => result.code === 0) ? 0 : 1);
}
