// `npm run bench:first-load`: the JavaScript a browser loads before the login screen shows.
// The login screen's files are the entry chunk and everything it imports statically (lazy chunks
// excluded), read from the Vite manifest of the last `npm run build`. The bench starts the built server,
// opens the login screen in Chromium (fresh profile, so nothing is cached) and reports those files' bytes
// as the browser received them (response bodies, compressed as the server sent them), next to their raw
// size and their gzip -9 size. Scripts the page fetches on its own after the login screen shows (the
// console, preloaded in the background) are reported on their own line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, newDesktopContext } from '../tests/e2e/support/browser';
import { startServerProcess } from '../tests/e2e/support/serverProcess';
import { reportRows, type BenchRow } from './table';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const distDir = path.resolve('dist');

/** The files of the login screen: the entry and its static imports. */
function loginScreenFiles(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry chunk in dist/.vite/manifest.json: run `npm run build` first');
  const keys = new Set<string>();
  (function collect(key: string) {
    if (keys.has(key)) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported);
  })(entryKey);
  return [...keys].map((key) => `/${manifest[key].file}`);
}

interface Received {
  path: string;
  wireBytes: number;
  encoding: string;
}

/** Opens the login screen in a fresh browser profile and collects every script it received. */
async function loadLoginScreen(baseUrl: string): Promise<{ scripts: Received[]; encodings: Set<string> }> {
  const browser = await launchBrowser();
  try {
    const context = await newDesktopContext(browser);
    const page = await context.newPage();
    const pending: Promise<Received>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const headers = (await response?.allHeaders()) ?? {};
          return {
            path: new URL(request.url()).pathname,
            wireBytes: sizes.responseBodySize,
            encoding: headers['content-encoding'] ?? 'none',
          };
        })(),
      );
    });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Inloggen' }).waitFor({ timeout: 60_000 });
    // Let the background preload of the console finish too, so it is reported (apart).
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(pending);
    return { scripts, encodings: new Set(scripts.map((script) => script.encoding)) };
  } finally {
    await browser.close();
  }
}

export async function benchFirstLoad(): Promise<BenchRow[]> {
  const loginFiles = loginScreenFiles();
  const server = await startServerProcess({ LOG_LEVEL: 'warn' });
  let received: Awaited<ReturnType<typeof loadLoginScreen>>;
  try {
    received = await loadLoginScreen(server.url);
  } finally {
    await server.stop();
  }
  const login = received.scripts.filter((script) => loginFiles.includes(script.path));
  const later = received.scripts.filter((script) => !loginFiles.includes(script.path));
  const missing = loginFiles.filter((file) => !login.some((script) => script.path === file));
  if (missing.length) throw new Error(`the browser did not load ${missing.join(', ')}`);

  const raw = loginFiles.map((file) => readFileSync(path.join(distDir, file)));
  const kb = (bytes: number) => bytes / 1024;
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const encodings = [...new Set(login.map((script) => script.encoding))].join('/');
  return [
    {
      measure: `login screen JavaScript over the wire (${login.length} files, ${encodings})`,
      value: kb(sum(login.map((script) => script.wireBytes))),
      unit: 'KB',
    },
    {
      measure: 'login screen JavaScript, gzip -9',
      value: kb(sum(raw.map((bytes) => gzipSync(bytes, { level: 9 }).length))),
      unit: 'KB',
    },
    {
      measure: 'login screen JavaScript, uncompressed',
      value: kb(sum(raw.map((bytes) => bytes.length))),
      unit: 'KB',
    },
    {
      measure: `console preloaded after the login screen shows (${later.length} files, over the wire)`,
      value: kb(sum(later.map((script) => script.wireBytes))),
      unit: 'KB',
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  reportRows(await benchFirstLoad());
}
