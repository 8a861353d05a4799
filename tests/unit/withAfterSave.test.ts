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
    actions: {
      unsubscribe: { method: 'POST', path: '/unsubscribe/{id}' },
      // A read whose answer depends on the unsubscribers too.
      reach: { method: 'GET', path: '/reach', follows: ['unsubscribers'] },
    },
  },
  fields: [{ source: 'name', label: 'Naam', kind: 'text' }],
  views: {},
  invalidates: ['lists'],
  broadcasts: ['refreshSubscribers', 'refreshlist'],
});

const unsubscribers = defineResource<{ id: string; email: string }>({
  name: 'unsubscribers',
  label: { one: 'Uitschrijver', many: 'Uitschrijvers' },
  api: { create: { method: 'POST', path: '/unsubscribers', body: ['email'] } },
  fields: [{ source: 'email', label: 'E-mailadres', kind: 'text' }],
  views: {},
});

function setUp() {
  const queryClient = new QueryClient();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const declarations = [subscribers, unsubscribers];
  const dataProvider = withAfterSave(createTestDataProvider(declarations), declarations, queryClient);
  const invalidatedKeys = () => invalidated.mock.calls.map(([filters]) => filters?.queryKey);
  return { dataProvider, invalidatedKeys };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('after a save, at the data edge', () => {
  it('a create reloads the resource and what it invalidates, once', async () => {
    mockFetch(() => jsonAnswer('s1', { status: 201 }));
    const { dataProvider, invalidatedKeys } = setUp();

    await dataProvider.create('subscribers', { data: { name: 'Anne' }, meta: { listId: 'l1' } });

    expect(invalidatedKeys()).toEqual([['subscribers'], ['lists']]);
  });

  it("a write announces the spec's refresh events on window, a failed one does not", async () => {
    const heard: string[] = [];
    const listeners = ['refreshSubscribers', 'refreshlist', 'refreshUnsubscribers'].map((name) => {
      const listener = () => heard.push(name);
      window.addEventListener(name, listener);
      return () => window.removeEventListener(name, listener);
    });
    try {
      mockFetch(() => jsonAnswer({ message: 'Ongeldig' }, { status: 400 }));
      await expect(
        setUp().dataProvider.create('subscribers', { data: { name: 'Anne' }, meta: { listId: 'l1' } }),
      ).rejects.toBeDefined();
      expect(heard).toEqual([]);

      mockFetch(() => jsonAnswer('s1', { status: 201 }));
      await setUp().dataProvider.create('subscribers', { data: { name: 'Anne' }, meta: { listId: 'l1' } });
      expect(heard).toEqual(['refreshSubscribers', 'refreshlist']);
    } finally {
      for (const remove of listeners) remove();
    }
  });

  it('a delete and a named action do the same', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    const { dataProvider, invalidatedKeys } = setUp();

    await dataProvider.delete('subscribers', { id: 's1', meta: { listId: 'l1' } });
    await dataProvider.action('subscribers', 'unsubscribe', { id: 's1' });

    expect(invalidatedKeys()).toEqual([['subscribers'], ['lists'], ['subscribers'], ['lists']]);
  });

  it('a write reloads the declared reads of other resources that follow it, and only those', async () => {
    mockFetch(() => jsonAnswer('u1', { status: 201 }));
    const { dataProvider, invalidatedKeys } = setUp();

    await dataProvider.create('unsubscribers', { data: { email: 'anne@voorbeeld.nl' } });

    expect(invalidatedKeys()).toEqual([['unsubscribers'], ['subscribers', 'action', 'reach']]);
  });

  it('a failed save and a read change nothing', async () => {
    mockFetch((request) =>
      request.method === 'GET'
        ? jsonAnswer([])
        : jsonAnswer({ status: 400, message: 'Naam ontbreekt', field: 'name' }, { status: 400 }),
    );
    const { dataProvider, invalidatedKeys } = setUp();

    await expect(
      dataProvider.create('subscribers', { data: { name: '' }, meta: { listId: 'l1' } }),
    ).rejects.toThrow('Naam ontbreekt');
    await dataProvider.getList('subscribers', {
      filter: { listId: 'l1' },
      pagination: { page: 1, perPage: 250 },
      sort: { field: '', order: 'ASC' },
    });

    expect(invalidatedKeys()).toEqual([]);
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
