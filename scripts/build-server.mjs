// Part of `npm run build`: bundles the server (server/src/main.ts and everything it imports from this
// repository) into dist-server/main.js, so `npm start` runs plain JavaScript with `node` instead of
// compiling TypeScript at every start. Packages stay in node_modules (not bundled). The server is
// type-checked by `npm run typecheck`; esbuild only strips the types.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/src/main.ts'],
  outfile: 'dist-server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
