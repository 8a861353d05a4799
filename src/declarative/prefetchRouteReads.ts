import type { ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, type Params } from 'react-router-dom';
import type { Prefetch, PrefetchedRead } from '../dataProvider/withPrefetch';

/** A route's `handle`: the reads its page makes for the given route parameters. */
export interface RouteReads {
  reads(params: Params): PrefetchedRead[];
}

/**
 * Starts the reads of the page at `pathname` (its record, the first rows of its tables) as soon as the
 * console can call the API, so that they run next to the theme and the layout instead of after them.
 */
export function prefetchRouteReads(routes: ReactElement[], pathname: string, prefetch: Prefetch): void {
  for (const match of matchRoutes(createRoutesFromElements(routes), pathname) ?? []) {
    const handle = match.route.handle as RouteReads | undefined;
    for (const read of handle?.reads(match.params) ?? []) prefetch(read);
  }
}
