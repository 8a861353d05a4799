// `npx tsx bench/rowsProfile.ts`: a Chromium CPU profile of one signed-in reload of the list page of
// bench/rows.ts (1,000 subscribers, 250 rows shown), to see what the render of the rows costs and in
// which component. Build the console unminified first, so that the profile names functions:
//   npx vite build --minify false --outDir dist-unminified && node scripts/build-server.mjs
//   BENCH_STATIC_DIR=dist-unminified npx tsx bench/rowsProfile.ts
// Writes the profile (open it in Chromium's DevTools, Performance panel) to BENCH_PROFILE_OUT (default
// rows.cpuprofile, -1, -2 … for BENCH_PROFILE_RUNS reloads, default 3) and prints, for the busy stretch
// in which the rows are rendered, the time per component (each sample counted for the innermost
// component React was rendering, else React's phase) and the self time per function.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, newDesktopContext } from '../tests/e2e/support/browser';
import { startServerProcess, type ServerProcess } from '../tests/e2e/support/serverProcess';
import { signIn } from '../tests/e2e/support/signIn';
import { prepareBigList } from './bigList';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const staticDir = path.resolve(process.env.BENCH_STATIC_DIR ?? 'dist');
const output = process.env.BENCH_PROFILE_OUT ?? 'rows.cpuprofile';
const runs = Number(process.env.BENCH_PROFILE_RUNS ?? 3);

async function waitForRows(page: Page): Promise<void> {
  await page.locator('table tbody tr').nth(249).waitFor({ state: 'attached', timeout: 60_000 });
}

const sourceLines = new Map<string, string[]>();

/** An anonymous function's name in the unminified build: the variable it is assigned to, if near. */
function nameOf(frame: ProfileNode['callFrame']): string {
  if (frame.functionName) return frame.functionName;
  const file = new URL(frame.url || 'https://x/', 'https://x/').pathname;
  if (!sourceLines.has(file)) {
    try {
      sourceLines.set(file, readFileSync(path.join(staticDir, file), 'utf8').split('\n'));
    } catch {
      sourceLines.set(file, []);
    }
  }
  const lines = sourceLines.get(file) ?? [];
  for (let line = frame.lineNumber; line >= Math.max(0, frame.lineNumber - 40); line -= 1) {
    const match = /^\s*(?:var|const|let) (\w+) =/.exec(lines[line] ?? '');
    if (match) return `${match[1]}~`;
  }
  return `(anonymous ${file.replace(/.*\//, '')}:${frame.lineNumber + 1})`;
}

/** Where a sample's time went: the component React was rendering, or React's own work. */
function attribute(stack: ProfileNode[]): string {
  // Innermost first: the function React called as a component (below renderWithHooks).
  for (let index = stack.length - 1; index > 0; index -= 1) {
    if (stack[index - 1].callFrame.functionName === 'renderWithHooks') {
      return `component ${nameOf(stack[index].callFrame)}`;
    }
  }
  const names = new Set(stack.map((node) => node.callFrame.functionName));
  if (names.has('commitRoot') || names.has('commitRootImpl')) return 'React commit (DOM mutations, effects)';
  if (names.has('completeWork')) return 'React completeWork (creating DOM elements)';
  if (names.has('beginWork')) return 'React beginWork (reconciliation)';
  if (names.has('performWorkOnRoot')) return 'React other work';
  const top = stack[stack.length - 1]?.callFrame.functionName ?? '';
  return top.startsWith('(') ? top : 'other script';
}

function summarise(profile: Profile, from: number, to: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const groups = new Map<string, number>();
  const self = new Map<string, number>();
  let time = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index];
    const delta = profile.timeDeltas[index + 1] ?? 0;
    if (time < from || time > to) return;
    const stack: ProfileNode[] = [];
    for (let node = byId.get(id); node; node = parent.get(node.id)) stack.unshift(node);
    const leaf = stack[stack.length - 1];
    if (leaf.callFrame.functionName === '(idle)') return;
    total += delta;
    const group = attribute(stack);
    groups.set(group, (groups.get(group) ?? 0) + delta);
    const file = leaf.callFrame.url.replace(/.*\//, '');
    const name = `${nameOf(leaf.callFrame)} ${file}:${leaf.callFrame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + delta);
  });
  const print = (title: string, entries: Map<string, number>, count: number) => {
    console.log(`\n${title}`);
    for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      console.log(`${(micros / 1000).toFixed(1).padStart(8)} ms ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`);
    }
  };
  console.log(`\nbusy time in the task: ${(total / 1000).toFixed(0)} ms`);
  print('by component (innermost component being rendered) or React phase', groups, 20);
  print('self time by function', self, 25);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** The renderer main thread's tasks of one reload: the longest, and the CPU time of them all. */
function mainThreadTasks(events: TraceEvent[]): string {
  const mains = events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  // The page's renderer is the one with the most work.
  const tasksOf = (main: TraceEvent) =>
    events.filter(
      (event) => event.pid === main.pid && event.tid === main.tid && event.name === 'RunTask' && event.ph === 'X',
    );
  const tasks = mains.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? [];
  const ms = (micros = 0) => (micros / 1000).toFixed(0);
  const longest = tasks.reduce<TraceEvent | undefined>((a, b) => ((b.dur ?? 0) > (a?.dur ?? 0) ? b : a), undefined);
  const cpu = tasks.reduce((sum, task) => sum + (task.tdur ?? 0), 0);
  const long = tasks.filter((task) => (task.dur ?? 0) > 50_000);
  return (
    `longest task ${ms(longest?.dur)} ms (CPU ${ms(longest?.tdur)} ms), ` +
    `tasks over 50 ms: ${long.map((task) => `${ms(task.dur)}/${ms(task.tdur)}`).join(', ')} (wall/CPU ms); ` +
    `main thread CPU in all tasks ${ms(cpu)} ms`
  );
}

/**
 * The busy stretch (gaps under 20 ms bridged) around the first sample inside a table cell
 * (react-admin's useDataTableStoreContext): the render and commit of the rows, in the profile's µs.
 */
function rowsTask(profile: Profile): [number, number] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inCell = (id: number) => {
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      if (byId.get(node)?.callFrame.functionName === 'useDataTableStoreContext') return true;
    }
    return false;
  };
  const stretches: Array<{ from: number; to: number; cells: boolean }> = [];
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index];
    if (byId.get(id)?.callFrame.functionName === '(idle)') return;
    const last = stretches[stretches.length - 1];
    if (last && time - last.to < 20_000) last.to = time;
    else stretches.push({ from: time, to: time, cells: false });
    if (!stretches[stretches.length - 1].cells && inCell(id)) stretches[stretches.length - 1].cells = true;
  });
  const found = stretches.find((stretch) => stretch.cells);
  return found ? [found.from, found.to] : [profile.startTime, profile.endTime];
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-bench-rows-profile-'));
  let server: ServerProcess | undefined;
  const browser = await launchBrowser();
  try {
    const { listId } = await prepareBigList(dataDir, undefined, 1000);
    server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATIC_DIR: staticDir });
    const page = await (await newDesktopContext(browser)).newPage();
    await signIn(page, server.url);
    const url = `${server.url}/recievers/lists/${listId}`;
    // Two warm-up reloads: the browser's cache holds the files, as in bench/rows.ts.
    for (let round = 0; round < 2; round += 1) {
      await page.goto(url);
      await waitForRows(page);
    }
    // Main-thread tasks from a Chromium trace: wall time and the thread's own CPU time (tdur), which
    // moves far less with the machine's load than wall time.
    for (let run = 1; run <= runs; run += 1) {
      await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      await page.goto(url);
      await waitForRows(page);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      console.log(`trace ${run}: ${mainThreadTasks(trace.traceEvents)}`);
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    for (let run = 1; run <= runs; run += 1) {
      await cdp.send('Profiler.start');
      await page.goto(url);
      await waitForRows(page);
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      const file = runs === 1 ? output : output.replace(/(\.cpuprofile)?$/, `-${run}.cpuprofile`);
      await writeFile(file, JSON.stringify(profile));
      const { dataEnd, rowsAt } = await page.evaluate(() => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const rows = entries.find((entry) => entry.name.includes('/subscribers'));
        return { dataEnd: rows?.responseEnd ?? 0, rowsAt: performance.now() };
      });
      const [from, to] = rowsTask(profile);
      const at = (micros: number) => ((micros - profile.startTime) / 1000).toFixed(0);
      console.log(
        `\n=== run ${run}: ${file}; subscribers answered ${dataEnd.toFixed(0)} ms after navigation, ` +
          `250 rows seen by ${rowsAt.toFixed(0)} ms; the rows' render task ${at(from)} – ${at(to)} ms of the ` +
          `profile (${((to - from) / 1000).toFixed(0)} ms) ===`,
      );
      summarise(profile, from, to);
    }
  } finally {
    await browser.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
