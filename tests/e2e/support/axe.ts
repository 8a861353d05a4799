import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** The start of the first offending element's HTML, to find it. */
  html: string;
}

/**
 * Runs axe-core (WCAG 2 A and AA rules) on what the page shows now, within `selector`. The source is evaluated through the
 * browser's debugging protocol, which the console's CSP (scripts only from the origin) does not block.
 * Frames are left out: the preview frame shows e-mail HTML, checked on the server side.
 */
export async function axeViolations(page: Page, selector = 'body'): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    const results = await axe.run(
      { include: [include] },
      {
        iframes: false,
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      },
    );
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      html: violation.nodes[0]?.html.slice(0, 200) ?? '',
    }));
  }, selector);
}

interface AxeResults {
  violations: Array<{
    id: string;
    impact: string | null;
    help: string;
    nodes: Array<{ target: string[]; html: string }>;
  }>;
}

/**
 * axe-core's serious and critical findings on the whole page as it shows now (all rules, not only the
 * WCAG tags), as 'rule: selector, …': the bar every page and panel of the console is held to.
 */
export async function seriousFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
      document,
      { resultTypes: ['violations'] },
    ),
  );
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
