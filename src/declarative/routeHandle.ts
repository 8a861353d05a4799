import type { Params } from 'react-router-dom';
import type { PrefetchedRead } from '../dataProvider/withPrefetch';

/** What a declared route tells the console before its page renders (`<Route handle>`). */
export interface RouteHandle {
  /** The reads its page makes for the given route parameters (prefetchRouteReads). */
  reads?(params: Params): PrefetchedRead[];
  /** Lazy views its page shows besides the route's element, fetched with it (preloadRoute). */
  lazyParts?: readonly unknown[];
}
