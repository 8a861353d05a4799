import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { precompress } from './scripts/precompressPlugin.ts';

// The API server the dev server proxies to (npm run dev starts it on this origin).
const apiTarget = process.env.API_TARGET ?? 'https://localhost:8443';
const proxied = { target: apiTarget, changeOrigin: false, secure: false };
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
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/support/globalSetup.ts'],
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
          fileParallelism: false,
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
