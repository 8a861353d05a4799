import type { ReactElement } from 'react';
import { Route } from 'react-router-dom';
import { NotYetAvailable } from './NotYetAvailable';
import { routePathKey } from './routePathKey';
import { specRoutes } from './specRoutes';

/** The path of a `<Route>` element, if it has one. */
export function routeElementPath(element: ReactElement): string | undefined {
  const { path } = element.props as { path?: unknown };
  return typeof path === 'string' ? path : undefined;
}

/**
 * A "not yet available" route for each spec route that no declared route covers yet, so that the
 * declarations of the area issues take over their routes without touching the shell.
 */
export function notYetAvailableRoutes(declaredRoutes: readonly ReactElement[]): ReactElement[] {
  const declared = new Set(
    declaredRoutes
      .map(routeElementPath)
      .filter((path) => path !== undefined)
      .map(routePathKey),
  );
  return specRoutes
    .filter((route) => !declared.has(routePathKey(route.path)))
    .map((route) => (
      <Route
        key={route.path}
        path={route.path}
        element={<NotYetAvailable area={route.area} icon={route.icon} />}
      />
    ));
}
