import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { notFoundBody } from '../errors';
import { limitUnknownPaths } from '../http/rateLimit';
import { consoleSecurityHeaders } from '../http/securityHeaders';

/** Vite's output folder for files whose names carry a hash of their content. */
const hashedAssetsFolder = 'assets';

/**
 * A hashed asset never changes under its name, so the browser keeps it for a year without asking again;
 * everything else (index.html, which names the current hashes) is revalidated on every load.
 */
function cachePolicy(staticDir: string, filePath: string): string {
  const [folder] = path.relative(staticDir, filePath).split(path.sep);
  return folder === hashedAssetsFolder ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Paths that never fall back to the console's index.html (they answer JSON 404s instead). */
const serverOwnedPrefixes = ['/api/', '/oidc', '/cdn/', '/health'];

/**
 * Serves the built console (vite build output) and answers unknown GET paths with its index.html, so
 * client routes such as /publications/42 survive a reload. Without a build only the API runs.
 */
export async function registerConsole(app: FastifyInstance, config: AppConfig): Promise<void> {
  const { staticDir } = config;
  const hasBuild = existsSync(path.join(staticDir, 'index.html'));
  const securityHeaders = consoleSecurityHeaders(config);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz copies (scripts/precompressPlugin.ts); the one the browser's
      // Accept-Encoding asks for is sent. The copies are no routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) =>
        reply.headers(securityHeaders).header('cache-control', cachePolicy(staticDir, filePath)),
    });
  }
  /** A browser navigation to one of the console's own pages (client routes such as /publications/42). */
  const isConsoleNavigation = (request: FastifyRequest) => {
    const pathname = request.url.split('?')[0];
    const isServerPath = serverOwnedPrefixes.some((prefix) => pathname.startsWith(prefix));
    // Browser navigations ask for HTML; a missing script or image must stay a 404 (client routes such as
    // /media/2024.01 may contain dots, so the extension cannot tell them apart).
    const isNavigation = String(request.headers.accept ?? '').includes('text/html');
    return hasBuild && request.method === 'GET' && !isServerPath && isNavigation;
  };
  limitUnknownPaths(
    app,
    { max: config.publicReads.unknownPathsPerMinute, timeWindow: '1 minute' },
    isConsoleNavigation,
  );
  app.setNotFoundHandler(async (request, reply) => {
    if (isConsoleNavigation(request)) {
      return reply.headers(securityHeaders).header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).type('application/json; charset=utf-8').send(notFoundBody());
  });
}
