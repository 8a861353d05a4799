import { declaredPageRoutes, declaredRoutes } from '../../../src/declarative/routes';
import { pages, resources } from '../../../src/resources';

/**
 * Every route the console declares, as react-router matches it ('/publications/:id', '/media/*'): the
 * paths of the same `<Route>`s that App.tsx mounts, built from the declarations.
 */
export function declaredRoutePaths(): string[] {
  return [...declaredRoutes(resources), ...declaredPageRoutes(pages)].map(
    (route) => (route.props as { path: string }).path,
  );
}
