import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withAfterSave } from '../../src/dataProvider/withAfterSave';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { createTestDataProvider } from './support/declarativeTestApp';
import { jsonAnswer, mockFetch } from './support/fetchEdge';

const subscribers = defineResource<{ id: string; name: string; listId: string }>({
  name: 'subscribers',
  label: { one: 'Ontvanger', many: 'Ontvangers' },
  api: {
    getList: { method: 'GET', path: '/list/manual/{listId}/subscribers' },
    create: { method: 'POST', path: '/list/manual/{listId}/subscriber', body: ['name'] },
    delete: { method: 'DELETE', path: '/list/manual/{listId}/subscriber/{id}' },
    actions: { unsubscribe: { method: 'POST', path: '/unsubscribe/{id}' } },
  },
  fields: [{ source: 'name', label: 'Naam', kind: 'text' }],
  views: {},
  refreshEvents: ['refreshSubscribers', 'refreshlist'],
  invalidates: ['lists'],
});

function setUp() {
  const queryClient = new QueryClient();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const events: string[] = [];
  const listen = (event: Event) => events.push(event.type);
  for (const name of ['refreshSubscribers', 'refreshlist']) window.addEventListener(name, listen);
  const dataProvider = withAfterSave(createTestDataProvider([subscribers]), [subscribers], queryClient);
  const invalidatedKeys = () => invalidated.mock.calls.map(([filters]) => filters?.queryKey);
  return { dataProvider, events, invalidatedKeys };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('after a save, at the data edge', () => {
  it('a create reloads the resource and what it invalidates, and broadcasts its refresh events once', async () => {
    mockFetch(() => jsonAnswer('s1', { status: 201 }));
    const { dataProvider, events, invalidatedKeys } = setUp();

    await dataProvider.create('subscribers', { data: { name: 'Anne' }, meta: { listId: 'l1' } });

    expect(invalidatedKeys()).toEqual([['subscribers'], ['lists']]);
    expect(events).toEqual(['refreshSubscribers', 'refreshlist']);
  });

  it('a delete and a named action do the same', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    const { dataProvider, events, invalidatedKeys } = setUp();

    await dataProvider.delete('subscribers', { id: 's1', meta: { listId: 'l1' } });
    await dataProvider.action('subscribers', 'unsubscribe', { id: 's1' });

    expect(invalidatedKeys()).toEqual([['subscribers'], ['lists'], ['subscribers'], ['lists']]);
    expect(events).toEqual(['refreshSubscribers', 'refreshlist', 'refreshSubscribers', 'refreshlist']);
  });

  it('a failed save and a read change nothing', async () => {
    mockFetch((request) =>
      request.method === 'GET'
        ? jsonAnswer([])
        : jsonAnswer({ status: 400, message: 'Naam ontbreekt', field: 'name' }, { status: 400 }),
    );
    const { dataProvider, events, invalidatedKeys } = setUp();

    await expect(
      dataProvider.create('subscribers', { data: { name: '' }, meta: { listId: 'l1' } }),
    ).rejects.toThrow('Naam ontbreekt');
    await dataProvider.getList('subscribers', {
      filter: { listId: 'l1' },
      pagination: { page: 1, perPage: 250 },
      sort: { field: '', order: 'ASC' },
    });

    expect(invalidatedKeys()).toEqual([]);
    expect(events).toEqual([]);
  });

  it('a create resolves once the shown queries have their new answers; a delete does not wait for them', async () => {
    mockFetch((request) =>
      request.method === 'DELETE' ? new Response(null, { status: 204 }) : jsonAnswer('s1', { status: 201 }),
    );
    const queryClient = new QueryClient();
    const releases: Array<() => void> = [];
    let reads = 0;
    const shownLists = new QueryObserver(queryClient, {
      queryKey: ['lists'],
      queryFn: () => {
        reads += 1;
        const answer = `answer ${reads}`;
        return reads === 1 ? answer : new Promise<string>((resolve) => releases.push(() => resolve(answer)));
      },
    });
    const stopShowing = shownLists.subscribe(() => undefined);
    await vi.waitFor(() => expect(shownLists.getCurrentResult().data).toBe('answer 1'));
    const dataProvider = withAfterSave(createTestDataProvider([subscribers]), [subscribers], queryClient);

    let created = false;
    const creating = dataProvider
      .create('subscribers', { data: { name: 'Anne' }, meta: { listId: 'l1' } })
      .then(() => (created = true));
    await vi.waitFor(() => expect(reads).toBe(2));
    expect(created).toBe(false);
    releases[0]();
    await creating;
    expect(shownLists.getCurrentResult().data).toBe('answer 2');

    await dataProvider.delete('subscribers', { id: 's1', meta: { listId: 'l1' } });
    expect(reads).toBe(3);
    expect(shownLists.getCurrentResult().data).toBe('answer 2');
    releases[1]();
    stopShowing();
  });
});
