import { lazy, type ComponentType } from 'react';

/**
 * A view loaded on first use, so that each area's pages and panels stay out of the bundle the login
 * screen waits for: `component: lazyView(() => import('../../custom/media/MediaExplorerPage'), 'MediaExplorerPage')`.
 * The layout and the slide-over host show a loading state meanwhile (`<Suspense>`).
 */
export function lazyView<TModule, TName extends keyof TModule>(
  load: () => Promise<TModule>,
  name: TName,
): TModule[TName] {
  return lazy(async () => ({
    default: (await load())[name] as unknown as ComponentType<object>,
  })) as TModule[TName];
}
