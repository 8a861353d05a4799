// `npx tsx tests/e2e/support/screenshotTour.ts [outDir] [path…]`: starts the built server on a fresh data
// directory (the demo seed), signs in, and photographs every page (or only the paths given, e.g.
// /recievers/unsubscribers/) at 1366x768 and 390x844 into outDir (default /tmp/console-screenshots),
// running axe-core on each and listing text that is cut off (an ellipsis or overflow) or broken inside a
// word. For a person to look at; `npm run build` first.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousFindings } from './axe';
import { launchBrowser, newDesktopContext, newPhoneContext } from './browser';
import { publicationIds } from '../../../server/src/seed/ids';
import { startServerProcess } from './serverProcess';
import { signIn, signInWithRedirect } from './signIn';
import { firstRecordPaths } from './firstRowHref';

const outDir = process.argv[2] ?? '/tmp/console-screenshots';
// Photographing one page after a change need not wait for the whole tour.
const onlyPaths = process.argv.slice(3);

/** Every page of the console, with the seed's first record where a page needs one. */
async function pages(page: Page, baseUrl: string): Promise<string[]> {
  const { publication, list, audience, form, question, job } = await firstRecordPaths(page, baseUrl);
  return [
    '/publications/',
    publication,
    `${publication}/deliver`,
    `${publication}/analytics`,
    `${publication}/rsvp`,
    // The seeded invitation being answered and the newsletter with analytics figures.
    `/publications/${publicationIds.publications.residentsEvening}/rsvp`,
    `/publications/${publicationIds.publications.februaryNewsletter}/analytics`,
    '/recievers/',
    '/recievers/lists/',
    list,
    `${list}/import`,
    '/recievers/unsubscribers/',
    '/recievers/audiences/',
    audience,
    '/media/',
    "/media/Foto's",
    '/journeys/',
    '/jobs/',
    job,
    '/mail/',
    '/forms',
    form,
    `${form}/data`,
    question,
    '/settings/',
    '/settings/logo',
    '/settings/colors',
    '/settings/typography',
    '/settings/advanced',
    '/settings/sender',
    '/settings/domain',
    '/environments',
    '/platform/environments',
  ];
}

/** Text the page shows cut off: an element whose content is wider than its box while it hides the rest. */
async function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('main *, header *, nav *'))) {
      if (element.children.length > 0 || !element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      const hides = style.overflow !== 'visible' || style.textOverflow === 'ellipsis';
      if (hides && element.scrollWidth > element.clientWidth + 1 && element.getClientRects().length > 0)
        found.push(`cut: "${element.textContent.trim().slice(0, 60)}"`);
    }
    // A word broken over two lines: one text node whose word starts on one line and ends on the next.
    const walker = document.createTreeWalker(
      document.querySelector('main') ?? document.body,
      NodeFilter.SHOW_TEXT,
    );
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[\p{L}@.-]{4,}/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
        if (rects.length > 1 && new Set(rects.map((rect) => Math.round(rect.top))).size > 1)
          found.push(`broken: "${match[0]}"`);
      }
    }
    return [...new Set(found)];
  });
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const server = await startServerProcess();
  const browser = await launchBrowser();
  const report: string[] = [];
  try {
    for (const [size, open] of [
      ['desktop', newDesktopContext],
      ['phone', newPhoneContext],
    ] as const) {
      const context = await open(browser);
      const page = await context.newPage();
      if (size === 'phone') await signInWithRedirect(page, server.url, 'anne@voorbeeld.nl');
      else await signIn(page, server.url);
      for (const path of onlyPaths.length > 0 ? onlyPaths : await pages(page, server.url)) {
        await page.goto(`${server.url}${path}`);
        await page.waitForLoadState('networkidle');
        await page
          .getByText('Gegevens worden geladen…')
          .first()
          .waitFor({ state: 'detached', timeout: 15_000 })
          .catch(() => undefined);
        const name = `${size}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}`;
        // The page as far as two screens down: what a person sees first, without a 10,000-pixel list.
        const viewport = page.viewportSize() ?? { width: 1366, height: 768 };
        await page.screenshot({
          path: join(outDir, `${name}.png`),
          fullPage: true,
          clip: { x: 0, y: 0, width: viewport.width, height: viewport.height * 2 },
        });
        const axe = await seriousFindings(page);
        const cut = await cutText(page);
        report.push(
          `${name}: axe ${axe.length}${axe.length ? ` ${JSON.stringify(axe)}` : ''}; ${cut.join('; ')}`,
        );
        console.log(report.at(-1));
      }
      await context.close();
    }
  } finally {
    writeFileSync(join(outDir, 'report.txt'), `${report.join('\n')}\n`);
    await browser.close();
    await server.stop();
  }
}

await main();
