// The reference app of `npm run bench:rows` (bench/rows.ts), built next to the console into
// dist-reference/ and served by the same server, so both arrive compressed over HTTP/2 alike.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompressPlugin.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('../../dist-reference', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2048,
  },
  logLevel: 'warn',
});
