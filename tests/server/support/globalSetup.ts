import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from './pgliteTemplate';
import { createPostgresTemplate } from './postgresTemplate';
import type { TestDatabase } from './testDatabase';

let template: string | undefined;
let postgresTemplate: TestDatabase | undefined;

/**
 * Once per run of the server suite: the server bundle the process tests start (plain JavaScript, not
 * compiled by tsx at every start), one migrated PGlite database (see pgliteTemplate.ts) and, on
 * PostgreSQL, one migrated database (see postgresTemplate.ts).
 */
export async function setup(project: TestProject) {
  // `npm test` builds once for every suite (scripts/test.mjs); a rebuild here could change the file
  // while another suite's servers start from it.
  if (!process.env.SERVER_BUNDLE_BUILT)
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  template = await createPgliteTemplate();
  project.provide('pgliteTemplate', template);
  const adminUrl = process.env.TEST_DATABASE_URL;
  postgresTemplate = adminUrl ? await createPostgresTemplate(adminUrl) : undefined;
  project.provide('postgresTemplate', postgresTemplate?.name ?? '');
}

export async function teardown() {
  if (template) await rm(template, { recursive: true, force: true });
  await postgresTemplate?.drop();
}
