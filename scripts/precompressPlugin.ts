import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this, the headers cost more than compression saves. */
const minimumBytes = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every text file of the
 * build, once, so the server sends compressed assets without compressing per request (@fastify/static's
 * `preCompressed` picks the copy the browser's Accept-Encoding asks for). A copy that would not be
 * smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'dpp-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter(
        (file) => compressible.test(file) && !file.startsWith('.vite/'),
      );
      await Promise.all(files.map((file) => compressFile(path.join(outDir, file))));
    },
  };
}

/** Writes `file.br` and `file.gz` next to a file of at least 1 KB, where they come out smaller. */
export async function compressFile(file: string): Promise<void> {
  const content = await readFile(file);
  if (content.length < minimumBytes) return;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}
