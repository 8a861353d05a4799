import { hashKey } from '@tanstack/react-query';
import type { DataProvider, GetListParams, GetOneParams } from 'react-admin';
import type { ResourceDeclaration } from '../declarative/resourceDeclaration';
import { readsOnly, writeMethods } from './writeMethods';

/** The reads a page can ask for before its views mount. */
export type PrefetchedRead =
  | { method: 'getOne'; resource: string; params: GetOneParams }
  | { method: 'getList'; resource: string; params: GetListParams };

export type Prefetch = (read: PrefetchedRead) => void;

/** How long a prefetched answer waits for the view that wanted it; a later view reads again. */
export const prefetchLifetimeMs = 10_000;

/**
 * Lets a page's reads start before its views mount (on a reload: while the theme and the layout load):
 * `prefetch` sends a read now, and the first call with the same method, resource and parameters takes
 * its answer instead of sending its own. Each answer is used once, within `prefetchLifetimeMs`; a failed
 * one is dropped (the view reads again), and any write drops them all (they may be out of date); a
 * named action declared as GET (`platform/me`) is no write.
 */
export function withPrefetch<TDataProvider extends DataProvider>(
  dataProvider: TDataProvider,
  declarations: readonly ResourceDeclaration[],
  now: () => number = Date.now,
): TDataProvider & { prefetch: Prefetch } {
  const isRead = readsOnly(declarations);
  const waiting = new Map<string, { answer: Promise<unknown>; at: number }>();

  // The abort signal belongs to one call, not to what is read.
  const keyOf = (method: string, resource: string, { signal: _signal, ...params }: { signal?: AbortSignal }) =>
    hashKey([method, resource, params]);

  function take(key: string): Promise<never> | undefined {
    const entry = waiting.get(key);
    waiting.delete(key);
    return entry && now() - entry.at <= prefetchLifetimeMs ? (entry.answer as Promise<never>) : undefined;
  }

  function prefetch({ method, resource, params }: PrefetchedRead): void {
    const key = keyOf(method, resource, params);
    const answer: Promise<unknown> =
      method === 'getOne' ? dataProvider.getOne(resource, params) : dataProvider.getList(resource, params);
    const entry = { answer, at: now() };
    waiting.set(key, entry);
    answer.catch(() => {
      if (waiting.get(key) === entry) waiting.delete(key);
    });
  }

  const wrapped: Record<string, unknown> = {
    ...dataProvider,
    getOne: (resource: string, params: GetOneParams) =>
      take(keyOf('getOne', resource, params)) ?? dataProvider.getOne(resource, params),
    getList: (resource: string, params: GetListParams) =>
      take(keyOf('getList', resource, params)) ?? dataProvider.getList(resource, params),
    prefetch,
  };
  for (const method of writeMethods) {
    const write: unknown = dataProvider[method];
    if (typeof write !== 'function') continue;
    wrapped[method] = (resource: string, ...rest: unknown[]) => {
      if (!isRead(resource, method, rest[0])) waiting.clear();
      return write.call(dataProvider, resource, ...rest) as unknown;
    };
  }
  return wrapped as TDataProvider & { prefetch: Prefetch };
}
