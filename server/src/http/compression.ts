import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers of 1 KB and more (JSON lists above all: 250 subscribers are about 160 KB) with
 * brotli or gzip, as the client's Accept-Encoding asks. Brotli at quality 4, not the maximum: per
 * request the compression time counts, and 4 already shrinks JSON tenfold. Answers up to 512 KB are
 * compressed in one call rather than through a compression stream on the thread pool: a page of
 * subscribers cost 9.3 ms of CPU with the stream and 3.7 ms with the one call, on a machine whose two
 * cores the database shares (docs/performance.md, goal 4). The console's built files
 * come precompressed (routes/console.ts), and images are compressed formats already, so neither is
 * compressed here.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 512 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}
