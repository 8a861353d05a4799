import type { Page } from 'playwright-core';
import { formIds, publicationIds } from '../../../server/src/seed/ids';

/** Opens `path` and answers the href of the first row link of its table (e.g. '/publications/{id}'). */
export async function firstRowHref(page: Page, baseUrl: string, path: string): Promise<string> {
  await page.goto(`${baseUrl}${path}`);
  const link = page.locator('main table tbody a').first();
  await link.waitFor({ timeout: 30_000 });
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`The first row on ${path} has no link`);
  return href;
}

/**
 * The pages of a record of each kind that has a page of its own. The publication and the form are the
 * seed's own (the February newsletter with its blocks, the demo form with its questions), since files
 * before this one on the same server may have added records that sort first; for the other kinds any
 * record shows the same page, so the first row of their table will do.
 */
export async function firstRecordPaths(page: Page, baseUrl: string) {
  const form = `/forms/${formIds.playgroundEvening}`;
  return {
    publication: `/publications/${publicationIds.publications.februaryNewsletter}`,
    list: await firstRowHref(page, baseUrl, '/recievers/lists/'),
    audience: await firstRowHref(page, baseUrl, '/recievers/audiences/'),
    form,
    question: await firstRowHref(page, baseUrl, form),
    job: await firstRowHref(page, baseUrl, '/jobs/'),
  };
}
