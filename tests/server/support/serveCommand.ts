import { readFileSync } from 'node:fs';

export interface ServeCommand {
  /** Environment variables the command sets before `node` (e.g. MALLOC_ARENA_MAX). */
  env: Record<string, string>;
  /** The options `node` gets before the bundle (e.g. --max-semi-space-size). */
  nodeArgs: string[];
}

/**
 * How `npm run serve` starts the built server, read from package.json, so that tests and benchmarks
 * that spawn `dist-server/main.js` themselves run it with the same memory settings as production.
 */
export function serveCommand(): ServeCommand {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  const words = scripts.serve.split(/\s+/).filter(Boolean);
  const node = words.indexOf('node');
  const bundle = words.indexOf('dist-server/main.js');
  if (node < 0 || bundle < node) throw new Error(`Unexpected serve script: ${scripts.serve}`);
  const env = Object.fromEntries(
    words.slice(0, node).map((word) => {
      const [name, ...value] = word.split('=');
      return [name, value.join('=')];
    }),
  );
  return { env, nodeArgs: words.slice(node + 1, bundle) };
}
