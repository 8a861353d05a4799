// A preload for a spawned server (`node --import …/packageRecorder.mjs`): appends the name of every
// package the process loads, once, to the file PACKAGE_RECORD names. Used to check what start-up loads.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import process from 'node:process';

const record = process.env.PACKAGE_RECORD;
const seen = new Set();
if (record) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(resolved.url ?? '')?.[1];
      if (name && !seen.has(name)) {
        seen.add(name);
        appendFileSync(record, `${name}\n`);
      }
      return resolved;
    },
  });
}
