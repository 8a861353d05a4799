// `npm run bench:rows`: a signed-in reload until 250 table rows are in the DOM, the console against a
// bare react-admin 5 + MUI 7 + MSAL app with an in-browser data provider (bench/reference/, the floor
// for a react-admin console), side by side in one run: both served by the real server (built, HTTP/2,
// precompressed, immutable caching), both in one Chromium, interleaved console, reference, console …
// The console shows the list 'Ledenbestand' (1,000 subscribers, PGlite) at /recievers/lists/{id}; the
// reference its own 1,000 rows at /subscribers. Each figure is the median; the ratio is taken pair by
// pair. Each time runs from navigation to the moment the page's table first holds 250 rows, noted by
// the page itself. BENCH_PAIRS (default 8); BENCH_TRACE=1 prints the console's requests of the last reload
// (start and end, ms after navigation) to see what waits for what.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { launchBrowser, newDesktopContext } from '../tests/e2e/support/browser';
import { startServerProcess, type ServerProcess } from '../tests/e2e/support/serverProcess';
import { signIn } from '../tests/e2e/support/signIn';
import { prepareBigList } from './bigList';
import { median, reportRows } from './table';

const pairs = Number(process.env.BENCH_PAIRS ?? 8);

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
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      name: entry.name.replace(location.origin, '').replace(/\?.*/, ''),
      start: entry.startTime,
      end: (entry as PerformanceResourceTiming).responseEnd,
    })),
  );
  return entries
    .sort((a, b) => a.start - b.start)
    .map(
      (entry) => `${entry.start.toFixed(0).padStart(6)} ${entry.end.toFixed(0).padStart(6)}  ${entry.name}`,
    )
    .join('\n');
}

async function main(): Promise<void> {
  if (!existsSync('dist/index.html') || !existsSync('dist-reference/index.html'))
    throw new Error('dist/ or dist-reference/ is missing: run `npm run bench:rows` (it builds both)');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dpp-bench-rows-'));
  let consoleServer: ServerProcess | undefined;
  let referenceServer: ServerProcess | undefined;
  const browser = await launchBrowser();
  try {
    const { listId } = await prepareBigList(dataDir, undefined, 1000);
    consoleServer = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    referenceServer = await startServerProcess({
      STATIC_DIR: path.resolve('dist-reference'),
      LOG_LEVEL: 'warn',
    });
    const consoleContext = await newDesktopContext(browser);
    await consoleContext.addInitScript(noteRows);
    const consolePage = await consoleContext.newPage();
    await signIn(consolePage, consoleServer.url);
    const referenceContext = await newDesktopContext(browser);
    await referenceContext.addInitScript(noteRows);
    const referencePage = await referenceContext.newPage();
    const consoleUrl = `${consoleServer.url}/recievers/lists/${listId}`;
    const referenceUrl = `${referenceServer.url}/subscribers`;
    // Warm-up: the browser's cache holds both apps' files (hashed, immutable), as on a reload.
    await timeRows(consolePage, consoleUrl);
    await timeRows(referencePage, referenceUrl);
    const times: Array<[console: number, reference: number]> = [];
    for (let pair = 0; pair < pairs; pair += 1) {
      const consoleTime = await timeRows(consolePage, consoleUrl);
      const referenceTime = await timeRows(referencePage, referenceUrl);
      times.push([consoleTime, referenceTime]);
      console.log(
        `pair ${pair + 1}: console ${consoleTime.toFixed(0)} ms, reference ${referenceTime.toFixed(0)} ms, ` +
          `ratio ${(consoleTime / referenceTime).toFixed(2)}`,
      );
    }
    if (process.env.BENCH_TRACE) {
      console.log(
        `\nconsole, last reload (start, end ms after navigation):\n${await waterfall(consolePage)}`,
      );
      console.log(`\nreference, last reload:\n${await waterfall(referencePage)}`);
    }
    reportRows([
      {
        measure: `signed-in reload → 250 rows, console (median of ${pairs})`,
        value: median(times.map(([consoleTime]) => consoleTime)),
        unit: 'ms',
      },
      {
        measure: `signed-in reload → 250 rows, bare react-admin reference (median of ${pairs})`,
        value: median(times.map(([, referenceTime]) => referenceTime)),
        unit: 'ms',
      },
      {
        measure: 'signed-in reload → 250 rows, console / reference (median of pairs)',
        value: median(times.map(([consoleTime, referenceTime]) => consoleTime / referenceTime)),
        unit: '',
      },
    ]);
  } finally {
    await browser.close();
    await consoleServer?.stop();
    await referenceServer?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
