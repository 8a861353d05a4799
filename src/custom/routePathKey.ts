/**
 * A route path reduced to what decides which URLs it matches: no leading or trailing slash, every
 * parameter the same (`/recievers/lists/:listId/` and `recievers/lists/:id` give the same key).
 */
export function routePathKey(path: string): string {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith(':') ? ':' : segment))
    .join('/');
}
