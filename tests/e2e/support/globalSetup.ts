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
 * How many servers the run needs: one per worker (the project's maxWorkers), but no more than the run
 * has files of this project, as a worker without a file would leave its server idle (one file run by
 * hand starts one server, not E2E_WORKERS). Vitest collects the run's files before the global setup;
 * its state API that lists them is experimental, so without it, or in watch mode (a later run may hold
 * more files than the first), every worker gets its server.
 */
function serverCount(project: TestProject): number {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  if (project.vitest.config.watch) return workers;
  const files = project.vitest.state.getPaths().filter((path) => project.matchesTestGlob(path)).length;
  return files > 0 ? Math.min(workers, files) : workers;
}

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
  const databaseTemplate = await createPgliteTemplate();
  template = databaseTemplate;
  project.provide('pgliteTemplate', databaseTemplate);
  servers = await Promise.all(
    Array.from({ length: serverCount(project) }, () =>
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
