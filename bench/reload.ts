// `npm run bench:reload`: a signed-in reload of /publications/ until the first publication row shows,
// over HTTP/2 and over HTTP/1.1 (Chromium started with --disable-http2), interleaved in one run against
// one built server. "cached": the browser's cache holds the console's files (hashed, immutable);
// "uncached": the cache is switched off, as on the first visit after a deploy; "uncached, 40 ms": the
// same with 40 ms added to every request by Chromium's network emulation (a nearby server rather than
// localhost). Options: BENCH_RELOADS (per variant, default 5; short mode 1).
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumPath, DESKTOP } from '../tests/e2e/support/browser';
import { startServerProcess } from '../tests/e2e/support/serverProcess';
import { signIn } from '../tests/e2e/support/signIn';
import { benchSetting } from './shortMode';
import { median, reportRows, type BenchRow } from './table';

const reloads = benchSetting('BENCH_RELOADS', 5, 1);

const protocols = [
  { name: 'HTTP/2', wire: 'h2', args: [] as string[] },
  { name: 'HTTP/1.1', wire: 'http/1.1', args: ['--disable-http2'] },
];

interface SignedInTab {
  protocol: string;
  browser: Browser;
  page: Page;
  setNetwork(variant: Variant): Promise<void>;
}

interface Variant {
  name: string;
  cache: boolean;
  latencyMs: number;
}

const variants: Variant[] = [
  { name: 'cached', cache: true, latencyMs: 0 },
  { name: 'uncached', cache: false, latencyMs: 0 },
  { name: 'uncached, 40 ms per request', cache: false, latencyMs: 40 },
];

async function openSignedInTab(baseUrl: string, protocol: (typeof protocols)[number]): Promise<SignedInTab> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      ...protocol.args,
    ],
  });
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: DESKTOP, locale: 'nl-NL' });
  const page = await context.newPage();
  await signIn(page, baseUrl);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // The protocol each response really came over, to be sure the comparison compares what it says.
  const seen = new Set<string>();
  cdp.on('Network.responseReceived', (event) => void seen.add(event.response.protocol ?? ''));
  await page.reload();
  await page.getByRole('row', { name: /Nieuwsbrief januari 2025/ }).waitFor({ timeout: 60_000 });
  if (seen.size !== 1 || !seen.has(protocol.wire))
    throw new Error(`${protocol.name}: the responses came over ${[...seen].join(', ')}`);
  return {
    protocol: protocol.name,
    browser,
    page,
    async setNetwork({ cache, latencyMs }) {
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: !cache });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: latencyMs,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    },
  };
}

/** Milliseconds from navigation until the first publication row is in the table. */
async function timeReload(tab: SignedInTab, baseUrl: string): Promise<number> {
  const started = performance.now();
  await tab.page.goto(`${baseUrl}/publications/`);
  await tab.page.getByRole('row', { name: /Nieuwsbrief januari 2025/ }).waitFor({ timeout: 60_000 });
  return performance.now() - started;
}

export async function benchReload(): Promise<BenchRow[]> {
  const server = await startServerProcess({ LOG_LEVEL: 'warn' });
  const tabs: SignedInTab[] = [];
  try {
    for (const protocol of protocols) tabs.push(await openSignedInTab(server.url, protocol));
    const rows: BenchRow[] = [];
    for (const variant of variants) {
      const times = new Map(tabs.map((tab) => [tab.protocol, [] as number[]]));
      for (const tab of tabs) {
        await tab.setNetwork(variant);
        await timeReload(tab, server.url); // warm-up
      }
      for (let run = 0; run < reloads; run++) {
        for (const tab of tabs) times.get(tab.protocol)!.push(await timeReload(tab, server.url));
      }
      for (const tab of tabs) {
        rows.push({
          measure: `signed-in reload → first publication row, ${variant.name}, ${tab.protocol} (median of ${reloads})`,
          value: median(times.get(tab.protocol)!),
          unit: 'ms',
        });
      }
    }
    return rows;
  } finally {
    for (const tab of tabs) await tab.browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  reportRows(await benchReload());
}
