import { useEffect } from 'react';
import { useRefresh } from 'react-admin';

/** How often a running job's numbers are read again. */
export const liveRefreshMs = 2000;

/** While `active`, reloads the page's data every few seconds (a running job's progress). */
export function useLiveRefresh(active: boolean): void {
  const refresh = useRefresh();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(refresh, liveRefreshMs);
    return () => clearInterval(timer);
  }, [active, refresh]);
}
