/**
 * The GET routes declared `x-download` (files the browser fetches itself, with a download ticket), as
 * the environment scope registers them: to refuse a ticket for any other path before it is made.
 */
export class DownloadRoutes {
  private readonly patterns: RegExp[] = [];

  /** A route's URL as Fastify has it, e.g. `/api/1/:environmentId/list/manual/:listId/export`. */
  add(url: string): void {
    const pattern = url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    this.patterns.push(new RegExp(`^${pattern}$`));
  }

  /** Whether a path (without query) is one of the routes. */
  includes(path: string): boolean {
    return this.patterns.some((pattern) => pattern.test(path));
  }
}
