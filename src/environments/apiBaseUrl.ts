/**
 * Root of the API server: '' (the console's own origin) unless the build sets VITE_API_BASE, e.g.
 * `VITE_API_BASE=https://api.example.org npx vite build`. Never ends with a slash.
 */
export const apiBaseUrl: string = trimTrailingSlash(
  (import.meta.env.VITE_API_BASE as string | undefined) ?? '',
);

/**
 * The CDN base from the environment info, usable as a URL prefix: an absolute base stays as it is,
 * a relative one ('/cdn') lives on the API server.
 */
export function resolveCdnBase(cdnBase: string, baseUrl: string = apiBaseUrl): string {
  const trimmed = trimTrailingSlash(cdnBase);
  return /^https?:\/\//i.test(trimmed)
    ? trimmed
    : `${baseUrl}${trimmed.startsWith('/') ? '' : '/'}${trimmed}`;
}

function trimTrailingSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}
