import type { TestProject } from 'vitest/node';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { chromiumPath } from './browser';

// Access tokens live 30 s in the end-to-end server, so that a test that jumps the browser's clock past
// that (page.clock) sees the console renew them with the refresh token; the console renews 5 s before
// expiry.
export const E2E_ACCESS_TOKEN_TTL_SECONDS = 30;

let server: ServerProcess | undefined;

export async function setup(project: TestProject) {
  chromiumPath();
  if (!existsSync('dist/index.html') || !existsSync('dist-server/main.js'))
    throw new Error('dist/ or dist-server/ is missing: run `npm run build` first');
  server = await startServerProcess({ ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL_SECONDS) });
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await server?.stop();
  // The server's log sits next to the screenshots, so a failed run on CI can be read afterwards.
  if (server) {
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/e2e-server.log', server.output());
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
