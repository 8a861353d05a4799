// A Vitest reporter that `npm test` (scripts/test.mjs) adds beside the default one: it appends a line to
// TEST_PROGRESS_FILE when a test file or test starts and ends, so that a job stopped at its deadline can
// say which file and which test were still running (the default reporter prints a file only once it ends),
// and so that a finished job can name its slowest files, their hooks included (the JSON reporter's times
// leave out a file's beforeAll, where its servers start).
import { appendFileSync } from 'node:fs';
import path from 'node:path';

const progressFile = process.env.TEST_PROGRESS_FILE;

function record(event, name) {
  if (progressFile) appendFileSync(progressFile, `${event}\t${name}\t${Date.now()}\n`);
}

const relative = (moduleId) => path.relative(process.cwd(), moduleId);

export default class ProgressReporter {
  onTestModuleStart(testModule) {
    record('file-start', relative(testModule.moduleId));
  }

  onTestModuleEnd(testModule) {
    record('file-end', relative(testModule.moduleId));
  }

  onTestCaseReady(testCase) {
    record('test-start', `${relative(testCase.module.moduleId)} > ${testCase.fullName}`);
  }

  onTestCaseResult(testCase) {
    record('test-end', `${relative(testCase.module.moduleId)} > ${testCase.fullName}`);
  }
}

/** What was started and has not ended, from a progress file's lines: files and tests, in start order. */
export function stillRunning(progressText) {
  const open = new Map();
  for (const line of progressText.split('\n')) {
    const [event, name] = line.split('\t');
    if (!name) continue;
    const [kind, phase] = event.split('-');
    if (phase === 'start') open.set(`${kind}\t${name}`, { kind, name });
    else open.delete(`${kind}\t${name}`);
  }
  return [...open.values()];
}

/** The `count` test files that took longest from their start to their end, hooks included, slowest first. */
export function slowestFiles(progressText, count) {
  const started = new Map();
  const took = [];
  for (const line of progressText.split('\n')) {
    const [event, name, at] = line.split('\t');
    if (event === 'file-start') started.set(name, Number(at));
    if (event === 'file-end' && started.has(name)) took.push({ name, seconds: (Number(at) - started.get(name)) / 1000 });
  }
  return took.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}
