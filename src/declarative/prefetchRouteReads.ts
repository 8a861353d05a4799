import type { ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes } from 'react-router-dom';
import type { Prefetch } from '../dataProvider/withPrefetch';
import type { RouteHandle } from './routeHandle';

/**
 * Starts the reads of the page at `pathname` (its record, the first rows of its tables) as soon as the
 * console can call the API, so that they run next to the theme and the layout instead of after them.
 */
export function prefetchRouteReads(routes: ReactElement[], pathname: string, prefetch: Prefetch): void {
  for (const match of matchRoutes(createRoutesFromElements(routes), pathname) ?? []) {
    const handle = match.route.handle as RouteHandle | undefined;
    for (const read of handle?.reads?.(match.params) ?? []) prefetch(read);
  }
}
