import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The features Playwright disables in every Chromium it launches (playwright-core 1.65). Chromium heeds
 * only the last `--disable-features`, so a list of our own must repeat these; `browserFlags.test.ts` reads
 * Playwright's list from a Chromium it launched and fails when one is missing here.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];

/**
 * Chromium (156 here) loads the address bar's suggestion popup, two WebUI pages, into every window it
 * opens, so into every context: a headless browser never shows it, and it took about half of Chromium's
 * CPU for a sign-in (docs/performance.md, "Test suite time").
 */
const UNSHOWN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

// Flags that keep Chromium off the network it cannot reach here (see the developers' guide), and off
// work nobody sees.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSHOWN_BROWSER_UI].join(',')}`,
];

export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };
const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Resolves the Chromium binary; a missing browser is an error, never a reason to skip. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`Chromium not found at ${path}: apt-get install chromium, or set CHROMIUM_PATH`);
  }
  return path;
}

/** A Chromium of the caller's own, which it closes (the screenshot tour). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

let shared: Promise<Browser> | undefined;

/**
 * The worker's Chromium, launched by its first file and shared by the files it runs one after another
 * (the project runs without isolation): a launch per file cost about 0.6 s of CPU. A file works in
 * contexts of its own (cookies, storage and clock are per context) and hands the browser back with
 * `releaseBrowser`. Playwright closes it when the worker exits.
 */
export async function workerBrowser(): Promise<Browser> {
  const browser = await shared?.catch(() => undefined);
  if (browser?.isConnected()) return browser;
  shared = launchBrowser();
  return shared;
}

/** Ends a file's use of the worker's browser: closes every context, so the next file starts clean. */
export async function releaseBrowser(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

export async function newDesktopContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ ignoreHTTPSErrors: true, viewport: DESKTOP, locale: 'nl-NL' });
}

export async function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: PHONE,
    userAgent: PHONE_USER_AGENT,
    isMobile: true,
    hasTouch: true,
    locale: 'nl-NL',
  });
}

/**
 * Waits until no finite animation or transition runs on the page (a panel sliding in, a dialog fading
 * in, a colour changing), so that a screenshot shows the settled state; endless ones (spinners) do not count.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** Keeps a screenshot as a test artefact in test-results/screenshots. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(process.cwd(), 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  // Transitions finished: a dialog that has just opened is shown as it settles, not half faded in.
  await page.screenshot({ path: file, fullPage: false, animations: 'disabled' });
  return file;
}
