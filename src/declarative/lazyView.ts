import { createElement, lazy, useState, type ComponentType } from 'react';
import { trackedDownload } from './viewDownloads';

/** A view whose code can be fetched before it renders (`preloadView`). */
interface Preloadable {
  preload(): Promise<unknown>;
}

/**
 * A view loaded on first use, so that each area's pages and panels stay out of the bundle the login
 * screen waits for: `component: lazyView(() => import('../../custom/media/MediaExplorerPage'), 'MediaExplorerPage')`.
 * The layout and the slide-over host show a loading state meanwhile (`<Suspense>`).
 *
 * A view whose code is already here (fetched by `preloadView` while the page's data loads, or shown
 * before) renders at once, without suspending: React 19 holds a Suspense boundary's fallback for at
 * least 300 ms once shown, so a suspension for code that is already on its way costs that much
 * (docs/performance.md, "Signed-in reload").
 */
export function lazyView<TModule, TName extends keyof TModule>(
  load: () => Promise<TModule>,
  name: TName,
): TModule[TName] {
  let loaded: ComponentType<object> | undefined;
  let loading: Promise<ComponentType<object>> | undefined;
  const suspendingView = () => lazy(async () => ({ default: await preload() }));
  const preload = () =>
    (loading ??= trackedDownload(load).then(
      (module) => (loaded = module[name] as unknown as ComponentType<object>),
      (error: unknown) => {
        // A failed download may be retried (the server was away). React keeps a lazy view's failure for
        // good, so a retry needs a fresh one; made on request only, else React's own re-render after the
        // error would download again and again while the server is away.
        failedDownloads.add(() => {
          loading = undefined;
          Suspending = suspendingView();
        });
        throw error;
      },
    ));
  let Suspending = suspendingView();
  function LazyView(props: object) {
    // Chosen once per mount: switching from the suspending wrapper to the loaded view would remount it.
    const [View] = useState(() => loaded ?? Suspending);
    return createElement(View, props);
  }
  return Object.assign(LazyView, { preload } satisfies Preloadable) as unknown as TModule[TName];
}

/** How to try again each lazy view whose code could not be downloaded. */
const failedDownloads = new Set<() => void>();

/** Lets every view whose download failed download again when next shown ('Opnieuw proberen'). */
export function retryFailedDownloads(): void {
  for (const retry of failedDownloads) retry();
  failedDownloads.clear();
}

/** Starts fetching a lazy view's code (no-op for a view that is not lazy); failures show when it renders. */
export function preloadView(view: unknown): void {
  if (typeof view === 'function' && typeof (view as Partial<Preloadable>).preload === 'function') {
    (view as unknown as Preloadable).preload().catch(() => undefined);
  }
}
