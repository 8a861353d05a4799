// Part of `npm run build`: bundles the server (server/src/main.ts and everything it imports from this
// repository) into dist-server/main.js, and the sending worker (server/src/worker.ts) into
// dist-server/worker.js, so `npm start` and `npm run worker` run plain JavaScript with `node` instead of
// compiling TypeScript at every start. Packages stay in node_modules (not bundled). The server is
// type-checked by `npm run typecheck`; esbuild only strips the types.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/src/main.ts', worker: 'server/src/worker.ts' },
  outdir: 'dist-server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
