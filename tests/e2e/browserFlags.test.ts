import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import {
  chromiumPath,
  newDesktopContext,
  PLAYWRIGHT_DISABLED_FEATURES,
  releaseBrowser,
  workerBrowser,
} from './support/browser';

// The suite's Chromium flags (support/browser.ts): its own list of disabled features replaces
// Playwright's, so it must hold Playwright's too, and it keeps the address bar's popup out of windows.

/** The features the command line of `chrome://version` disables (the last list: Chromium heeds that one). */
async function disabledFeatures(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent()) ?? '';
    const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => match[1]!);
    return lists.at(-1)?.split(',') ?? [];
  } finally {
    await context.close();
  }
}

describe("the suite's Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await releaseBrowser(browser);
  });

  it('disables every feature that Playwright disables in a Chromium of its defaults', async () => {
    const plain = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: ['--no-sandbox'],
    });
    let playwrights: string[];
    try {
      playwrights = await disabledFeatures(plain);
    } finally {
      await plain.close();
    }
    expect(playwrights).toContain('ThirdPartyStoragePartitioning');
    expect(await disabledFeatures(browser)).toEqual(expect.arrayContaining(playwrights));
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(playwrights));
  });

  it("opens a context's window without the address bar's WebUI popup", async () => {
    const context = await newDesktopContext(browser);
    try {
      await context.newPage();
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = await session.send('Target.getTargets');
      await session.detach();
      expect(targetInfos.filter((target) => target.type === 'page')).not.toHaveLength(0);
      expect(targetInfos.map((target) => target.url)).not.toContainEqual(
        expect.stringMatching(/^chrome:\/\/omnibox-popup/),
      );
    } finally {
      await context.close();
    }
  });
});
