import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from './pgliteTemplate';
import { createPostgresTemplate } from './postgresTemplate';
import { createSeededTemplate } from './seededTemplate';
import type { TestDatabase } from './testDatabase';

let template: string | undefined;
let postgresTemplate: TestDatabase | undefined;
let seededTemplate: Awaited<ReturnType<typeof createSeededTemplate>> | undefined;

/**
 * Once per run of the server suite: the server bundle the process tests start (plain JavaScript, not
 * compiled by tsx at every start), and one migrated database every test database starts as a copy of:
 * PGlite (pgliteTemplate.ts) or, with TEST_DATABASE_URL, PostgreSQL (postgresTemplate.ts); and a
 * demo-seeded copy of it for the servers that seed with the default settings (seededTemplate.ts).
 */
export async function setup(project: TestProject) {
  // `npm test` builds once for every suite (scripts/test.mjs); a rebuild here could change the file
  // while another suite's servers start from it.
  if (!process.env.SERVER_BUNDLE_BUILT)
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  // One template, for the run's database: the files that start PGlite whatever TEST_DATABASE_URL says
  // run in the PGlite run only (vite.config.ts), and without a template they would still work, slower.
  const adminUrl = process.env.TEST_DATABASE_URL;
  template = adminUrl ? undefined : await createPgliteTemplate();
  project.provide('pgliteTemplate', template ?? '');
  postgresTemplate = adminUrl ? await createPostgresTemplate(adminUrl) : undefined;
  project.provide('postgresTemplate', postgresTemplate?.name ?? '');
  seededTemplate = await createSeededTemplate({ pgliteDir: template, postgres: postgresTemplate, adminUrl });
  project.provide('seededTemplate', seededTemplate.template);
}

export async function teardown() {
  await seededTemplate?.remove();
  if (template) await rm(template, { recursive: true, force: true });
  await postgresTemplate?.drop();
}
