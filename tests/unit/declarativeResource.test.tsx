import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { required } from 'react-admin';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { emptyAnswer, jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import {
  createTestDataProvider,
  renderDeclarative,
  testEnvironmentId,
  testToken,
} from './support/declarativeTestApp';

/** The manual lists of the spec (§3 List, §7 calls), declared here as an area would in src/resources. */
interface List {
  id: string;
  title: string;
  isTest: boolean;
  subscriberCount: number;
}

const lists = defineResource<List>({
  name: 'lists',
  label: { one: 'Lijst', many: 'Lijsten' },
  recordRepresentation: 'title',
  api: {
    getList: { method: 'GET', path: '/lists/' },
    create: { method: 'POST', path: '/list/manual', query: ['title'] },
    update: { method: 'PUT', path: '/list/manual/{id}', query: ['title', 'isTest'] },
    delete: { method: 'DELETE', path: '/list/manual/{id}' },
    actions: {
      setLabels: {
        method: 'PUT',
        path: '/list/manual/{id}/attributes',
        body: { AttributeLabel1: 'label1', AttributeLabel2: 'label2' },
      },
    },
  },
  fields: [
    { source: 'title', label: 'Naam', kind: 'text', validate: required('Naam is een verplicht veld') },
    { source: 'isTest', label: 'Testlijst', kind: 'boolean' },
    { source: 'subscriberCount', label: 'Ontvangers', kind: 'number' },
  ],
  views: {
    list: {
      title: 'Lijsten',
      columns: ['title', 'isTest', 'subscriberCount'],
      rowClick: 'edit',
      delete: { confirmContent: 'Weet je zeker dat je %{recordRepresentation} wilt verwijderen?' },
    },
    create: { as: 'slideOver', title: 'Nieuwe Lijst', fields: ['title'] },
    edit: { as: 'slideOver', title: 'Naam aanpassen', fields: ['title', 'isTest'] },
  },
  routes: { list: '/recievers/lists/' },
});

/** Subscribers of one manual list: the list id is a path value, the record goes as JSON. */
interface Subscriber {
  id: string;
  name: string;
  email: string;
}

const subscribers = defineResource<Subscriber>({
  name: 'subscribers',
  label: { one: 'Ontvanger', many: 'Ontvangers' },
  api: {
    getList: { method: 'GET', path: '/list/manual/{listId}/subscribers' },
    create: { method: 'POST', path: '/list/manual/{listId}/subscriber', body: 'data' },
    update: { method: 'PUT', path: '/list/manual/{listId}/subscriber/{id}', body: ['name', 'email'] },
  },
  fields: [
    { source: 'name', label: 'Naam', kind: 'text' },
    { source: 'email', label: 'E-mailadres', kind: 'email' },
  ],
  views: {},
});

const api = (path: string) => `/api/1/${testEnvironmentId}${path}`;

function expectAuthenticated(request: SentRequest) {
  expect(request.headers.get('Authorization')).toBe(`Bearer ${testToken}`);
  expect(request.headers.get('X-Environment-Id')).toBe(testEnvironmentId);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a declared resource through the real dataProvider and httpClient', () => {
  const dataProvider = createTestDataProvider([lists, subscribers]);

  it('lists: GET with search, sort, order, offset and limit, total from X-Total-Count', async () => {
    const rows = [{ id: 'l1', title: 'Nieuwsbrief', isTest: false, subscriberCount: 3 }];
    const { sent } = mockFetch(() => jsonAnswer(rows, { headers: { 'X-Total-Count': '1' } }));

    const result = await dataProvider.getList('lists', {
      pagination: { page: 2, perPage: 250 },
      sort: { field: 'title', order: 'DESC' },
      filter: { q: 'nieuws' },
    });

    expect(result).toEqual({ data: rows, total: 1 });
    expect(sent[0].method).toBe('GET');
    expect(sent[0].path).toBe(api('/lists/'));
    expect(Object.fromEntries(sent[0].query)).toEqual({
      search: 'nieuws',
      sort: 'title',
      order: 'DESC',
      offset: '250',
      limit: '250',
    });
    expectAuthenticated(sent[0]);
  });

  it('creates: POST /list/manual?title= without a body; the answered id becomes the record id', async () => {
    const { sent } = mockFetch(() => jsonAnswer('l2', { status: 201 }));

    const result = await dataProvider.create('lists', { data: { title: 'Buurtbericht' } });

    expect(result.data).toEqual({ id: 'l2', title: 'Buurtbericht' });
    expect(sent[0].method).toBe('POST');
    expect(sent[0].path).toBe(api('/list/manual'));
    expect(sent[0].query.get('title')).toBe('Buurtbericht');
    expect(sent[0].body).toBeUndefined();
    expect(sent[0].headers.has('Content-Type')).toBe(false);
    expectAuthenticated(sent[0]);
  });

  it('updates: PUT /list/manual/{id}?title=&isTest=; an empty answer keeps the merged record', async () => {
    const { sent } = mockFetch(() => emptyAnswer());
    const previousData = { id: 'l1', title: 'Nieuwsbrief', isTest: false, subscriberCount: 3 };

    const result = await dataProvider.update('lists', {
      id: 'l1',
      data: { title: 'Nieuwsbrief (test)', isTest: true },
      previousData,
    });

    expect(result.data).toEqual({ ...previousData, title: 'Nieuwsbrief (test)', isTest: true });
    expect(sent[0].method).toBe('PUT');
    expect(sent[0].path).toBe(api('/list/manual/l1'));
    expect(Object.fromEntries(sent[0].query)).toEqual({ title: 'Nieuwsbrief (test)', isTest: 'true' });
    expect(sent[0].body).toBeUndefined();
  });

  it('deletes: DELETE /list/manual/{id} and answers the removed record', async () => {
    const { sent } = mockFetch(() => emptyAnswer());
    const previousData = { id: 'l1', title: 'Nieuwsbrief', isTest: false, subscriberCount: 3 };

    const result = await dataProvider.delete('lists', { id: 'l1', previousData });

    expect(result.data).toEqual(previousData);
    expect(sent[0].method).toBe('DELETE');
    expect(sent[0].path).toBe(api('/list/manual/l1'));
  });

  it('runs a named action with its body fields renamed as declared', async () => {
    const { sent } = mockFetch(() => emptyAnswer());

    await dataProvider.action('lists', 'setLabels', {
      id: 'l1',
      data: { label1: 'Wijk', label2: 'Leeftijd' },
    });

    expect(sent[0].method).toBe('PUT');
    expect(sent[0].path).toBe(api('/list/manual/l1/attributes'));
    expect(sent[0].json()).toEqual({ AttributeLabel1: 'Wijk', AttributeLabel2: 'Leeftijd' });
    expect(sent[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('fills path values from meta and filter, and sends the form data as JSON', async () => {
    const { sent } = mockFetch((request) =>
      request.method === 'GET'
        ? jsonAnswer({ data: [{ id: 's1', name: 'Anne', email: 'anne@voorbeeld.nl' }], total: 40 })
        : jsonAnswer({ id: 's2' }),
    );

    const page = await dataProvider.getManyReference('subscribers', {
      target: 'listId',
      id: 'l1',
      pagination: { page: 1, perPage: 250 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    const created = await dataProvider.create('subscribers', {
      data: { name: 'Bram', email: 'bram@voorbeeld.nl' },
      meta: { listId: 'l1' },
    });

    expect(page.total).toBe(40);
    expect(sent[0].path).toBe(api('/list/manual/l1/subscribers'));
    expect(created.data).toEqual({ id: 's2', name: 'Bram', email: 'bram@voorbeeld.nl' });
    expect(sent[1].path).toBe(api('/list/manual/l1/subscriber'));
    expect(sent[1].json()).toEqual({ name: 'Bram', email: 'bram@voorbeeld.nl' });
  });

  it('finds one record in the list when the API has no read of one', async () => {
    mockFetch(() =>
      jsonAnswer([
        { id: 'l1', title: 'Nieuwsbrief' },
        { id: 'l2', title: 'Buurtbericht' },
      ]),
    );

    const { data } = await dataProvider.getOne('lists', { id: 'l2' });

    expect(data).toEqual({ id: 'l2', title: 'Buurtbericht' });
    await expect(dataProvider.getOne('lists', { id: 'l9' })).rejects.toMatchObject({ status: 404 });
  });
});

// Rendering MUI in jsdom is slow on a shared machine; these walk through whole flows.
describe('a declared resource in the console: table, slide-over forms, delete', { timeout: 60_000 }, () => {
  let rows: List[];
  let sent: SentRequest[];

  beforeEach(() => {
    installIntersectionObserver();
    rows = [
      { id: 'l1', title: 'Nieuwsbrief', isTest: false, subscriberCount: 3 },
      { id: 'l2', title: 'Buurtbericht', isTest: true, subscriberCount: 12 },
    ];
    // A tiny in-memory API for the lists calls of spec §7.
    ({ sent } = mockFetch((request) => {
      const id = request.path.split('/').pop();
      if (request.method === 'GET')
        return jsonAnswer(rows, { headers: { 'X-Total-Count': String(rows.length) } });
      if (request.method === 'POST') {
        rows = [
          ...rows,
          { id: 'l3', title: request.query.get('title') ?? '', isTest: false, subscriberCount: 0 },
        ];
        return jsonAnswer('l3', { status: 201 });
      }
      if (request.method === 'PUT') {
        const title = request.query.get('title') ?? '';
        const isTest = request.query.get('isTest') === 'true';
        rows = rows.map((row) => (row.id === id ? { ...row, title, isTest } : row));
        return emptyAnswer();
      }
      rows = rows.filter((row) => row.id !== id);
      return emptyAnswer();
    }));
  });

  it('lists, creates, updates and deletes through the declared views', async () => {
    const user = userEvent.setup({ delay: null });
    renderDeclarative([lists], { path: '/recievers/lists/' });

    // List: the declared table shows the rows of GET /lists/.
    expect(await screen.findByText('Nieuwsbrief')).toBeInTheDocument();
    expect(screen.getByText('Buurtbericht')).toBeInTheDocument();

    // Create: 'Nieuwe Lijst' opens its slide-over; 'Toevoegen' sends POST /list/manual?title=.
    await user.click(screen.getByRole('button', { name: 'Nieuwe Lijst' }));
    const createPanel = await screen.findByRole('dialog', { name: 'Nieuwe Lijst' });
    await user.type(within(createPanel).getByLabelText(/Naam/), 'Wijkkrant');
    await user.click(within(createPanel).getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('Wijkkrant')).toBeInTheDocument();
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.path).toBe(api('/list/manual'));
    expect(post?.query.get('title')).toBe('Wijkkrant');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Nieuwe Lijst' })).not.toBeInTheDocument(),
    );

    // Update: a row click opens the edit slide-over with the record; 'Opslaan' sends PUT with the query.
    await user.click(screen.getByText('Nieuwsbrief'));
    const editPanel = await screen.findByRole('dialog', { name: 'Naam aanpassen' });
    const name = within(editPanel).getByLabelText(/Naam/);
    expect(name).toHaveValue('Nieuwsbrief');
    await user.clear(name);
    await user.type(name, 'Nieuwsbrief Noord');
    await user.click(within(editPanel).getByLabelText('Testlijst'));
    await user.click(within(editPanel).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Nieuwsbrief Noord')).toBeInTheDocument();
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(api('/list/manual/l1'));
    expect(Object.fromEntries(put?.query ?? [])).toEqual({ title: 'Nieuwsbrief Noord', isTest: 'true' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Naam aanpassen' })).not.toBeInTheDocument(),
    );

    // Delete: the row's delete button asks first, then sends DELETE /list/manual/{id}.
    const row = screen.getByText('Buurtbericht').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /verwijder/i }));
    expect(
      await screen.findByText('Weet je zeker dat je Buurtbericht wilt verwijderen?'),
    ).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('dialog', { name: 'Lijst Buurtbericht verwijderen' })).getByRole('button', {
        name: 'Verwijderen',
      }),
    );
    await waitFor(() => expect(screen.queryByText('Buurtbericht')).not.toBeInTheDocument());
    expect(sent.find((request) => request.method === 'DELETE')?.path).toBe(api('/list/manual/l2'));
  });

  it("shows the spec's validation message and sends nothing for an empty name", async () => {
    const user = userEvent.setup({ delay: null });
    renderDeclarative([lists], { path: '/recievers/lists/' });

    await user.click(await screen.findByRole('button', { name: 'Nieuwe Lijst' }));
    const panel = await screen.findByRole('dialog', { name: 'Nieuwe Lijst' });
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    expect(await within(panel).findByText('Naam is een verplicht veld')).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
  });
});
