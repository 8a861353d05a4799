import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { notFoundBody } from '../errors';
import { consoleSecurityHeaders } from '../http/securityHeaders';

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
      setHeaders: (reply) => reply.headers(securityHeaders),
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    const isServerPath = serverOwnedPrefixes.some((prefix) => pathname.startsWith(prefix));
    // Browser navigations ask for HTML; a missing script or image must stay a 404 (client routes such as
    // /media/2024.01 may contain dots, so the extension cannot tell them apart).
    const isNavigation = String(request.headers.accept ?? '').includes('text/html');
    if (hasBuild && request.method === 'GET' && !isServerPath && isNavigation) {
      return reply.headers(securityHeaders).header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).type('application/json; charset=utf-8').send(notFoundBody());
  });
}
