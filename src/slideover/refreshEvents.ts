import { useEffect } from 'react';
import { useEvent } from 'react-admin';

/**
 * The refresh events of spec §4, broadcast on `window` after saves so that every view showing the
 * changed data reloads. A plain `CustomEvent` without detail. Add a name here when an area needs a new one.
 */
export const refreshEventNames = [
  'refreshmedia',
  'refreshlists',
  'refreshlist',
  'refreshSubscribers',
  'refreshUnsubscribers',
  'refreshpublication',
  'refreshpublicationtemplates',
  'refreshaudience',
  'refreshflows',
  'refreshflow',
  'refreshflowfield',
  'refreshwebfonts',
  // Not in the spec's list: the theme's settings pages, the sidebar logo and the console's colour follow it.
  'refreshtheme',
] as const;

export type RefreshEventName = (typeof refreshEventNames)[number];

export function broadcastRefresh(names: readonly RefreshEventName[]): void {
  for (const name of names) window.dispatchEvent(new CustomEvent(name));
}

/** Runs `onRefresh` whenever one of the named refresh events is broadcast. */
export function useRefreshEvents(names: readonly RefreshEventName[], onRefresh: () => void): void {
  const handler = useEvent(onRefresh);
  // Joined so that an inline array literal does not resubscribe on every render.
  const key = names.join(' ');
  useEffect(() => {
    const eventNames = key.split(' ').filter(Boolean);
    for (const name of eventNames) window.addEventListener(name, handler);
    return () => {
      for (const name of eventNames) window.removeEventListener(name, handler);
    };
  }, [key, handler]);
}
