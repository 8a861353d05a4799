// The fair reference of `npm run bench:rows` (bench/reference/fair/), built into dist-reference-fair/.
// bench/rows.ts serves it from the console's server: its index.html at /bench-reference/ and its hashed
// files in the console's own assets/ folder, so both apps are cached alike (immutable) and share one origin.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompressPlugin.ts';

export default defineConfig({
  root: fileURLToPath(new URL('./fair', import.meta.url)),
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('../../dist-reference-fair', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2048,
  },
  logLevel: 'warn',
});
