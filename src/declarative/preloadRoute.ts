import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { createRoutesFromElements, matchRoutes } from 'react-router-dom';
import { preloadView } from './lazyView';
import type { RouteHandle } from './routeHandle';

/**
 * Starts fetching the lazy views of the page at `pathname` (its route's element and what it nests, and
 * the parts its handle names), so that on a reload the page's code arrives while the console starts
 * (MSAL, the theme) instead of after.
 */
export function preloadRoute(routes: ReactElement[], pathname: string): void {
  for (const match of matchRoutes(createRoutesFromElements(routes), pathname) ?? []) {
    preloadElement(match.route.element);
    for (const part of (match.route.handle as RouteHandle | undefined)?.lazyParts ?? []) preloadView(part);
  }
}

function preloadElement(node: ReactNode): void {
  if (!isValidElement(node)) return;
  preloadView(node.type);
  const { children } = node.props as { children?: ReactNode };
  for (const child of Array.isArray(children) ? children : [children]) preloadElement(child as ReactNode);
}
