import type { MenuEntry } from './menuDeclaration';
import type { PageDeclaration } from './pageDeclaration';
import type { ResourceDeclaration } from './resourceDeclaration';

/** The sidebar's entries as the declarations give them, in their order. */
export function menuEntries(
  resources: readonly ResourceDeclaration[],
  pages: readonly PageDeclaration[],
): MenuEntry[] {
  const declared = [
    ...resources.flatMap(({ menu, routes = {}, pages: resourcePages = [] }) => [
      { menu, path: routes.list ?? routes.show },
      ...resourcePages,
    ]),
    ...pages,
  ];
  return declared
    .flatMap(({ menu, path }) => (menu && path ? [{ ...menu, path: linkPath(path) }] : []))
    .sort((a, b) => a.order - b.order);
}

/** A route pattern as a link: '/jobs/' and '/media/*' link to '/jobs' and '/media'. */
function linkPath(routePath: string): string {
  return routePath.replace(/\/\*$/, '').replace(/(.)\/$/, '$1');
}
