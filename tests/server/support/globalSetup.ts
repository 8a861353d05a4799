import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from './pgliteTemplate';

let template: string | undefined;

/**
 * Once per run of the server suite: the server bundle the process tests start (plain JavaScript, not
 * compiled by tsx at every start), and one migrated PGlite database (see pgliteTemplate.ts).
 */
export async function setup(project: TestProject) {
  // `npm test` builds once for every suite (scripts/test.mjs); a rebuild here could change the file
  // while another suite's servers start from it.
  if (!process.env.SERVER_BUNDLE_BUILT)
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  template = await createPgliteTemplate();
  project.provide('pgliteTemplate', template);
}

export async function teardown() {
  if (template) await rm(template, { recursive: true, force: true });
}
