import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/**
 * Headers for every answer: no MIME sniffing, no full URLs (with ids and paths) leaking to other origins,
 * and HSTS, since the server only speaks HTTPS. HSTS is left out for a loopback address: a browser would
 * then insist on HTTPS for every other development server on localhost too.
 */
export function everyAnswerSecurityHeaders(config: AppConfig): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(isLoopback(config.publicUrl) ? {} : { 'strict-transport-security': 'max-age=31536000' }),
  };
}

/** Adds `everyAnswerSecurityHeaders` to every answer that does not set them itself. */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const headers = everyAnswerSecurityHeaders(config);
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(headers))
      if (!reply.hasHeader(name)) reply.header(name, value);
    return payload;
  });
}

/**
 * Headers of the console's own files (index.html and its assets), made for the built Vite app:
 * - scripts only from the origin (Vite emits module scripts, nothing inline);
 * - inline styles: emotion (MUI) injects <style> elements at run time;
 * - stylesheets and fonts from any https:// origin: the typography page previews a theme's web fonts
 *   with their own CSS (Google Fonts, Bunny, Typekit or any https:// stylesheet the theme names);
 * - images from the origin, data: and blob: URLs (icons, upload previews) and the CDN when it is elsewhere;
 * - calls to the origin, plus the external identity provider's origin (MSAL fetches its discovery
 *   document and tokens from it) and the same for frames (MSAL's silent renewal uses a hidden iframe);
 * - framing only by the console itself: MSAL's silent renewal loads the console's redirect page in a
 *   hidden same-origin iframe, so 'none' would break it; other sites still cannot frame the console.
 */
export function consoleSecurityHeaders(config: AppConfig): Record<string, string> {
  const identityOrigin = originOf(config.externalIdentity?.authority);
  const cdnOrigin = originOf(config.cdnBase);
  const sources = (...extra: (string | undefined)[]) =>
    ["'self'", ...extra.filter((source): source is string => source !== undefined)].join(' ');
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline' https:",
    `img-src ${sources('data:', 'blob:', cdnOrigin)}`,
    "font-src 'self' data: https:",
    `connect-src ${sources(identityOrigin)}`,
    `frame-src ${sources(identityOrigin)}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  return { 'content-security-policy': policy, 'x-frame-options': 'SAMEORIGIN' };
}

/** The origin of an absolute URL; undefined for a relative one (e.g. the default CDN base `/cdn`). */
function originOf(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined;
  return new URL(url).origin;
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
}
