// `npm run bench:rows`: a signed-in reload until 250 table rows are in the DOM, the console against two
// bare react-admin 5 + MUI 7 + MSAL apps, side by side in one run, interleaved console, fair, floor, console …
// - fair (bench/reference/fair/): what a team would write for the same job, served by the console's own
//   server (its page at /bench-reference/, its hashed files next to the console's), signed in through MSAL
//   with the console's session and token, reading the same 250-row page of the same list over HTTPS with
//   a fetch data provider, the same 7 columns with react-admin's stock fields. The target: console ≤ 1.0 ×.
// - floor (bench/reference/main.tsx, its own server): the same framework answering from memory (no HTTPS
//   read, no JSON, no token), 4 columns: what react-admin itself costs, below which no console can go.
// The console shows the list 'Ledenbestand' (1,000 subscribers, PGlite) at /recievers/lists/{id}. The
// console and the fair app run in one tab (one origin, one MSAL session), the floor in its own. Each
// figure is the median; the ratios are taken pair by pair. Each time runs from navigation to the moment the
// page's table first holds 250 rows, noted by the page itself. BENCH_PAIRS (default 8); BENCH_TRACE=1
// prints the requests of the last reloads (start and end, ms after navigation) to see what waits for what.
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { launchBrowser, newDesktopContext } from '../tests/e2e/support/browser';
import { startServerProcess, type ServerProcess } from '../tests/e2e/support/serverProcess';
import { signIn } from '../tests/e2e/support/signIn';
import { bigListEnvironment, prepareBigList } from './bigList';
import { benchSetting } from './shortMode';
import { median, reportRows } from './table';

const pairs = benchSetting('BENCH_PAIRS', 8, 1);

// The page notes when its table first holds 250 rows (ms after navigation, the page's own clock).
// Playwright's waitFor alone polls at growing intervals (up to 500 ms) and rounded the times up to its
// next poll: a faster render often showed as the same time.
const noteRows = `new MutationObserver((_, observer) => {
  if (document.querySelectorAll('table tbody tr').length >= 250) {
    window.__rowsAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });`;

/** Milliseconds from navigation until the table's 250th row is in the DOM. */
async function timeRows(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.locator('table tbody tr').nth(249).waitFor({ state: 'attached', timeout: 60_000 });
  return page.evaluate('window.__rowsAt') as Promise<number>;
}

/** The page's requests (start, end in ms after navigation), in the order they started. */
async function waterfall(page: Page): Promise<string> {
  const entries = await page.evaluate(() => {
    const navigation = performance
      .getEntries()
      .find((entry) => (entry.entryType as string) === 'navigation') as PerformanceNavigationTiming;
    return [
      { name: '(document)', start: navigation.requestStart, end: navigation.responseEnd },
      { name: '(DOM interactive)', start: navigation.domInteractive, end: navigation.domInteractive },
      ...performance.getEntriesByType('resource').map((entry) => ({
        name: entry.name.replace(location.origin, '').replace(/\?.*/, ''),
        start: entry.startTime,
        end: (entry as PerformanceResourceTiming).responseEnd,
      })),
      ...performance
        .getEntriesByType('mark')
        .map((mark) => ({ name: mark.name, start: mark.startTime, end: mark.startTime })),
    ];
  });
  return entries
    .sort((a, b) => a.start - b.start)
    .map(
      (entry) => `${entry.start.toFixed(0).padStart(6)} ${entry.end.toFixed(0).padStart(6)}  ${entry.name}`,
    )
    .join('\n');
}

/**
 * The console's build with the fair reference added (bench/reference/fair.vite.config.ts): its page at
 * /bench-reference/, its hashed files in the console's assets/ folder (cached alike).
 */
function staticDirWithFairReference(into: string): string {
  cpSync('dist', into, { recursive: true });
  cpSync('dist-reference-fair/assets', path.join(into, 'assets'), { recursive: true });
  for (const file of readdirSync('dist-reference-fair').filter((name) => name.startsWith('index.html')))
    cpSync(path.join('dist-reference-fair', file), path.join(into, 'bench-reference', file));
  return into;
}

async function main(): Promise<void> {
  for (const dir of ['dist', 'dist-reference', 'dist-reference-fair'])
    if (!existsSync(`${dir}/index.html`))
      throw new Error(`${dir}/ is missing: run \`npm run bench:rows\` (it builds all three)`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-bench-rows-'));
  const staticDir = await mkdtemp(path.join(tmpdir(), 'dpp-bench-rows-static-'));
  let consoleServer: ServerProcess | undefined;
  let referenceServer: ServerProcess | undefined;
  const browser = await launchBrowser();
  try {
    const { listId } = await prepareBigList(dataDir, undefined, 1000);
    consoleServer = await startServerProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      STATIC_DIR: staticDirWithFairReference(staticDir),
    });
    referenceServer = await startServerProcess({
      STATIC_DIR: path.resolve('dist-reference'),
      LOG_LEVEL: 'warn',
    });
    const consoleContext = await newDesktopContext(browser);
    await consoleContext.addInitScript(noteRows);
    const consolePage = await consoleContext.newPage();
    // A page that never shows its rows says why (the wait above would only time out).
    for (const page of [consolePage]) {
      page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400) console.error(`${response.status()} ${response.url()}`);
      });
    }
    await signIn(consolePage, consoleServer.url);
    const floorContext = await newDesktopContext(browser);
    await floorContext.addInitScript(noteRows);
    const floorPage = await floorContext.newPage();
    const consoleUrl = `${consoleServer.url}/recievers/lists/${listId}`;
    const fairUrl = `${consoleServer.url}/bench-reference/?environment=${bigListEnvironment}&list=${listId}#/subscribers`;
    const floorUrl = `${referenceServer.url}/subscribers`;
    // Warm-up: the browser's cache holds the apps' files (hashed, immutable), as on a reload.
    await timeRows(consolePage, consoleUrl);
    await timeRows(consolePage, fairUrl);
    await timeRows(floorPage, floorUrl);
    const columns = async (page: Page) => {
      const names = await page.locator('table thead th').allInnerTexts();
      const cells = await page
        .locator('table tbody tr')
        .first()
        .locator('td')
        .evaluateAll((tds) => tds.map((td) => td.innerHTML.length));
      return `${names.length} (${names.map((name) => name.trim() || '·').join(', ')}; first row's cells ${cells.join('/')} chars of HTML)`;
    };
    console.log(
      `columns: console ${await timeRows(consolePage, consoleUrl).then(() => columns(consolePage))}, ` +
        `fair ${await timeRows(consolePage, fairUrl).then(() => columns(consolePage))}, ` +
        `floor ${await timeRows(floorPage, floorUrl).then(() => columns(floorPage))}`,
    );
    const times: Array<[console: number, fair: number, floor: number]> = [];
    for (let pair = 0; pair < pairs; pair += 1) {
      const consoleTime = await timeRows(consolePage, consoleUrl);
      const consoleTrace = pair === pairs - 1 ? await waterfall(consolePage) : '';
      const fairTime = await timeRows(consolePage, fairUrl);
      const floorTime = await timeRows(floorPage, floorUrl);
      times.push([consoleTime, fairTime, floorTime]);
      console.log(
        `round ${pair + 1}: console ${consoleTime.toFixed(0)} ms, fair ${fairTime.toFixed(0)} ms, floor ${floorTime.toFixed(0)} ms; ` +
          `console / fair ${(consoleTime / fairTime).toFixed(2)}, console / floor ${(consoleTime / floorTime).toFixed(2)}`,
      );
      if (process.env.BENCH_TRACE && pair === pairs - 1) {
        console.log(`\nconsole, last reload (start, end ms after navigation):\n${consoleTrace}`);
        console.log(`\nfair reference, last reload:\n${await waterfall(consolePage)}`);
      }
    }
    const column = (index: 0 | 1 | 2) => median(times.map((round) => round[index]));
    reportRows([
      { measure: `signed-in reload → 250 rows, console (median of ${pairs})`, value: column(0), unit: 'ms' },
      {
        measure: 'signed-in reload → 250 rows, fair reference (bare react-admin over the API)',
        value: column(1),
        unit: 'ms',
      },
      {
        measure: 'signed-in reload → 250 rows, floor (bare react-admin from memory)',
        value: column(2),
        unit: 'ms',
      },
      {
        measure: 'signed-in reload → 250 rows, console / fair reference (median of pairs)',
        value: median(times.map(([consoleTime, fairTime]) => consoleTime / fairTime)),
        unit: '×',
        against: { reference: 'bare react-admin over the same API, MSAL token', atMost: 1.0 },
      },
      {
        measure: 'signed-in reload → 250 rows, console / floor (median of pairs)',
        value: median(times.map(([consoleTime, , floorTime]) => consoleTime / floorTime)),
        unit: '×',
        against: { reference: 'bare react-admin from memory (floor)' },
      },
    ]);
  } finally {
    await browser.close();
    await consoleServer?.stop();
    await referenceServer?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(staticDir, { recursive: true, force: true });
  }
}

await main();
