import { describe, expect, it, vi } from 'vitest';
import type { DataProvider, GetListParams } from 'react-admin';
import { prefetchLifetimeMs, withPrefetch } from '../../src/dataProvider/withPrefetch';
import type { ResourceDeclaration } from '../../src/declarative/resourceDeclaration';

const firstPage: GetListParams = {
  pagination: { page: 1, perPage: 250 },
  sort: { field: 'name', order: 'ASC' },
  filter: { listId: 'list-1' },
  meta: undefined,
};

// A resource with a named action that only reads, as `platform/me` is.
const declarations = [
  { name: 'platformEnvironments', api: { actions: { me: { method: 'GET', path: '/platform/me' } } } },
] as unknown as readonly ResourceDeclaration[];

/** A dataProvider whose reads count how often they reached the network. */
function countingProvider() {
  let reads = 0;
  const provider = {
    getList: vi.fn(async () => ({ data: [{ id: ++reads }], total: 1 })),
    getOne: vi.fn(async (_resource: string, { id }: { id: unknown }) => ({ data: { id, read: ++reads } })),
    update: vi.fn(async () => ({ data: { id: 1 } })),
    action: vi.fn(async () => ({ data: {} })),
  } as unknown as DataProvider;
  return provider;
}

describe('withPrefetch', () => {
  it('hands a prefetched read to the first call with the same parameters, whatever its abort signal', async () => {
    const provider = countingProvider();
    const prefetching = withPrefetch(provider, declarations);
    prefetching.prefetch({ method: 'getList', resource: 'subscribers', params: firstPage });
    const signal = new AbortController().signal;

    const answer = await prefetching.getList('subscribers', { ...firstPage, signal });

    expect(answer.data).toEqual([{ id: 1 }]);
    expect(provider.getList).toHaveBeenCalledTimes(1);
  });

  it('uses a prefetched answer once: the next call reads again', async () => {
    const provider = countingProvider();
    const prefetching = withPrefetch(provider, declarations);
    prefetching.prefetch({ method: 'getOne', resource: 'lists', params: { id: 'list-1' } });

    await prefetching.getOne('lists', { id: 'list-1' });
    const second = await prefetching.getOne('lists', { id: 'list-1' });

    expect(second.data).toEqual({ id: 'list-1', read: 2 });
    expect(provider.getOne).toHaveBeenCalledTimes(2);
  });

  it('reads again when the parameters differ (another sort, another list, another resource)', async () => {
    const provider = countingProvider();
    const prefetching = withPrefetch(provider, declarations);
    prefetching.prefetch({ method: 'getList', resource: 'subscribers', params: firstPage });

    await prefetching.getList('subscribers', { ...firstPage, sort: { field: 'email', order: 'ASC' } });
    await prefetching.getList('subscribers', { ...firstPage, filter: { listId: 'list-2' } });
    await prefetching.getList('lists', firstPage);

    expect(provider.getList).toHaveBeenCalledTimes(4);
  });

  it('lets a prefetched answer go stale after its lifetime', async () => {
    const provider = countingProvider();
    let now = 1_000;
    const prefetching = withPrefetch(provider, declarations, () => now);
    prefetching.prefetch({ method: 'getList', resource: 'subscribers', params: firstPage });

    now += prefetchLifetimeMs + 1;
    const answer = await prefetching.getList('subscribers', firstPage);

    expect(answer.data).toEqual([{ id: 2 }]);
  });

  it('drops a failed prefetch, so the view reads for itself', async () => {
    const provider = countingProvider();
    vi.mocked(provider.getList).mockRejectedValueOnce(new Error('Netwerkfout'));
    const prefetching = withPrefetch(provider, declarations);
    prefetching.prefetch({ method: 'getList', resource: 'subscribers', params: firstPage });
    await Promise.resolve();
    await Promise.resolve();

    const answer = await prefetching.getList('subscribers', firstPage);

    expect(answer.data).toEqual([{ id: 1 }]);
    expect(provider.getList).toHaveBeenCalledTimes(2);
  });

  it('drops every prefetched answer after a write, which may have changed it', async () => {
    const provider = countingProvider();
    const prefetching = withPrefetch(provider, declarations);
    prefetching.prefetch({ method: 'getList', resource: 'subscribers', params: firstPage });

    await prefetching.update('subscribers', { id: 1, data: {}, previousData: { id: 1 } });
    await prefetching.getList('subscribers', firstPage);

    expect(provider.getList).toHaveBeenCalledTimes(2);
  });

  it('keeps prefetched answers through a named action that only reads (GET platform/me at start)', async () => {
    const provider = countingProvider() as DataProvider & { action: (...args: unknown[]) => Promise<unknown> };
    const prefetching = withPrefetch(provider, declarations) as typeof provider & ReturnType<typeof withPrefetch>;
    prefetching.prefetch({ method: 'getList', resource: 'subscribers', params: firstPage });

    await prefetching.action('platformEnvironments', 'me');
    await prefetching.getList('subscribers', firstPage);

    expect(provider.getList).toHaveBeenCalledTimes(1);
  });
});
