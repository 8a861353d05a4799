import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { precompress } from './scripts/precompressPlugin.ts';

// The API server the dev server proxies to (npm run dev starts it on this origin).
const apiTarget = process.env.API_TARGET ?? 'https://localhost:8443';
const proxied = { target: apiTarget, changeOrigin: false, secure: false };
// Server test files that touch no database, or that choose their database whatever TEST_DATABASE_URL
// says (their own PGlite server; the multi-instance files' own PostgreSQL databases, as several processes
// cannot share a PGlite): a second run, on PostgreSQL, would only repeat them.
const serverTestsWithoutDatabase = [
  'dataDirectoryLock',
  'dkimSignature',
  'errorLogSerializer',
  'logLevels',
  'mailConfiguration',
  'mailer',
  'media-crash',
  'mediaStore',
  'multiInstance',
  'multiInstanceImport',
  'proxySlowInstance',
  'rendering',
  'rendering-accessibility',
  'renditions',
  'seenAddresses',
  'startupConfiguration',
  'stopOnSignals',
  'tls',
];
// Server test files about the HTTP layer in front of the database: what they assert is decided before a
// query runs or without one (schema validation, the framework's errors, headers, rate limits counted in
// memory or Redis, the OpenAPI document), so the database under the server does not change it. They run
// in the PGlite run only. Files whose requests store or read data (text rules, the contract edge, sign-in
// and tokens, which the identity provider keeps in the database) run on both.
const serverTestsOfTheHttpLayer = [
  'contractFuzz', // 2,000 generated requests, nearly all refused by validation (400/404/415/431)
  'frameworkErrors', // Fastify's own errors (bad URL, long parameter) in the platform's shape
  'identityRateLimit', // the provider's per-address limit, counted in memory
  'openapi', // the served document: generated from the routes' schemas
  'productionHeaders', // headers and API_DOCS in production
  'publicReadLimits', // the public reads' per-address limits, counted in memory
  'sharedRateLimits', // the same limits counted in Redis across two servers
];
const serverTestsOnPgliteOnly = [...serverTestsWithoutDatabase, ...serverTestsOfTheHttpLayer].map(
  (name) => `tests/server/${name}.test.ts`,
);
// Server test files of a topology the embedded database cannot run (a server and `npm run worker`
// processes on one database; the request pool's size): they run in the PostgreSQL run only, on TEST_DATABASE_URL's server.
const serverTestsOnPostgresOnly = ['backgroundWork', 'databasePool'].map(
  (name) => `tests/server/${name}.test.ts`,
);

// `npm run dev` hands Vite the API server's self-signed certificate (MSAL wants a secure origin).
const devHttps =
  process.env.DEV_HTTPS_CERT && process.env.DEV_HTTPS_KEY
    ? { cert: readFileSync(process.env.DEV_HTTPS_CERT), key: readFileSync(process.env.DEV_HTTPS_KEY) }
    : undefined;

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@contract': fileURLToPath(new URL('./server/src/contract', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    // bench/first-load.ts reads the manifest to add up what the login screen loads.
    manifest: true,
    chunkSizeWarningLimit: 1024,
  },
  server: {
    port: 5173,
    strictPort: true,
    https: devHttps,
    proxy: { '/api': proxied, '/oidc': proxied, '/cdn': proxied, '/f/': proxied, '/health': proxied },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          isolate: false,
          // A panel test clicks and types through several renders: about 1 s on a quiet machine, over
          // vitest's 5 s default when the two cores are shared with the other jobs (CI at load 5-20).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? serverTestsOnPgliteOnly : serverTestsOnPostgresOnly),
          ],
          globalSetup: ['tests/server/support/globalSetup.ts'],
          // One module graph per worker: each file importing the server anew cost 45 s a run.
          isolate: false,
          // Two files at a time: much of a file's time is waiting (its servers, the database, timers).
          maxWorkers: Number(process.env.SERVER_WORKERS ?? 2),
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // Two files at a time, each on its worker's own server (globalSetup starts one per worker): the
          // files spend most of their time waiting on the browser and the server, not on the cores.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          // One module graph and one Chromium per worker (support/browser.ts's workerBrowser): each file
          // importing Playwright and launching a browser anew cost about 1.6 + 0.6 s of CPU.
          isolate: false,
          globalSetup: ['tests/e2e/support/globalSetup.ts'],
          // A page may take a few seconds to show its data on a loaded machine; 1 s (the default) is too short.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
