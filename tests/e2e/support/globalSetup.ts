import type { TestProject } from 'vitest/node';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createPgliteTemplate } from '../../server/support/pgliteTemplate';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { chromiumPath } from './browser';

// Access tokens live 30 s in the end-to-end server, so that a test that jumps the browser's clock past
// that (page.clock) sees the console renew them with the refresh token; the console renews 5 s before
// expiry.
export const E2E_ACCESS_TOKEN_TTL_SECONDS = 30;

let servers: ServerProcess[] = [];
let template: string | undefined;

/**
 * One shared server per worker (the project's maxWorkers): files run side by side, each on its worker's
 * own server and data, so that no file sees another file's changes while it runs (see sharedServer.ts).
 * Every server of the suite starts on a copy of one migrated PGlite database (initdb once per run, not
 * once per server; see tests/server/support/pgliteTemplate.ts and ownServer.ts).
 */
export async function setup(project: TestProject) {
  chromiumPath();
  if (!existsSync('dist/index.html') || !existsSync('dist-server/main.js'))
    throw new Error('dist/ or dist-server/ is missing: run `npm run build` first');
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const databaseTemplate = await createPgliteTemplate();
  template = databaseTemplate;
  project.provide('pgliteTemplate', databaseTemplate);
  servers = await Promise.all(
    Array.from({ length: workers }, () =>
      startServerProcess({ ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL_SECONDS) }, { databaseTemplate }),
    ),
  );
  project.provide(
    'baseUrls',
    servers.map((server) => server.url),
  );
}

export async function teardown() {
  await Promise.all(servers.map((server) => server.stop()));
  if (template) rmSync(template, { recursive: true, force: true });
  // The servers' logs sit next to the screenshots, so a failed run on CI can be read afterwards.
  mkdirSync('test-results', { recursive: true });
  servers.forEach((server, index) =>
    writeFileSync(`test-results/e2e-server-${index + 1}.log`, server.output()),
  );
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}
