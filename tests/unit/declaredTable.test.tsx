import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative } from './support/declarativeTestApp';

interface Audience {
  id: string;
  name: string;
  isDeleted: boolean;
}

/** Audiences answer `{data, total}`, paged and searched by the server. */
const audiences = defineResource<Audience>({
  name: 'audiences',
  label: { one: 'Doelgroep', many: 'Doelgroepen' },
  api: { getList: { method: 'GET', path: '/audiences/' } },
  fields: [
    { source: 'name', label: 'Naam', kind: 'text' },
    { source: 'isDeleted', label: 'Verwijderd', kind: 'boolean' },
  ],
  views: {
    list: { title: 'Doelgroepen', columns: ['name', 'isDeleted'], empty: 'Er zijn nog geen doelgroepen.' },
  },
  routes: { list: '/recievers/audiences/' },
});

const all: Audience[] = Array.from({ length: 300 }, (_, index) => ({
  id: `a${index}`,
  name: `Doelgroep ${String(index).padStart(3, '0')}`,
  isDeleted: false,
}));

/** The server side of a list read: search, sort, order, offset, limit. */
function answerPage(request: SentRequest, records: Audience[]) {
  const search = request.query.get('search')?.toLowerCase();
  const found = search ? records.filter((record) => record.name.toLowerCase().includes(search)) : records;
  const direction = request.query.get('order') === 'DESC' ? -1 : 1;
  const sorted =
    request.query.get('sort') === 'name'
      ? [...found].sort((a, b) => direction * a.name.localeCompare(b.name))
      : found;
  const offset = Number(request.query.get('offset'));
  const limit = Number(request.query.get('limit'));
  return jsonAnswer({ data: sorted.slice(offset, offset + limit), total: found.length });
}

let scrolling: ReturnType<typeof installIntersectionObserver>;

beforeEach(() => {
  scrolling = installIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the shared table', { timeout: 60_000 }, () => {
  it('asks for 250 rows and loads the next 250 when the end scrolls into view, without page controls', async () => {
    const { sent } = mockFetch((request) => answerPage(request, all));
    renderDeclarative([audiences], { path: '/recievers/audiences/' });

    expect(await screen.findByText('Doelgroep 249')).toBeInTheDocument();
    expect(screen.queryByText('Doelgroep 250')).not.toBeInTheDocument();
    expect(Object.fromEntries(sent[0].query)).toEqual({ offset: '0', limit: '250' });
    expect(screen.queryByRole('navigation', { name: /pagina/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/per pagina/i)).not.toBeInTheDocument();

    scrolling.scrollToEnd();

    expect(await screen.findByText('Doelgroep 299')).toBeInTheDocument();
    expect(screen.getByText('Doelgroep 000')).toBeInTheDocument();
    expect(sent[1].query.get('offset')).toBe('250');
    expect(sent[1].query.get('limit')).toBe('250');
  });

  it('sends the search text to the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = mockFetch((request) => answerPage(request, all));
    renderDeclarative([audiences], { path: '/recievers/audiences/' });
    await screen.findByText('Doelgroep 000');

    await user.type(screen.getByPlaceholderText('Zoeken'), '042');

    // react-admin waits 500 ms after the last key before it searches; on a loaded machine that and the
    // answer take longer than waitFor's default second.
    await waitFor(() => expect(screen.queryByText('Doelgroep 000')).not.toBeInTheDocument(), {
      timeout: 10_000,
    });
    expect(screen.getByText('Doelgroep 042')).toBeInTheDocument();
    expect(sent.at(-1)?.query.get('search')).toBe('042');
    expect(sent.at(-1)?.query.get('offset')).toBe('0');
  });

  it('sends a choice filter to the server as its query parameter, and all rows again when emptied', async () => {
    const filtered = defineResource<Audience>({
      name: 'audiences',
      label: { one: 'Doelgroep', many: 'Doelgroepen' },
      api: { getList: { method: 'GET', path: '/audiences/', query: ['state'] } },
      fields: [{ source: 'name', label: 'Naam', kind: 'text' }],
      views: {
        list: {
          title: 'Doelgroepen',
          columns: ['name'],
          choiceFilters: [
            {
              source: 'state',
              label: 'Staat',
              choices: [
                { id: 'weg', name: 'Verwijderd' },
                { id: 'actief', name: 'Actief' },
              ],
            },
          ],
        },
      },
      routes: { list: '/recievers/audiences/' },
    });
    const user = userEvent.setup({ delay: null });
    const { sent } = mockFetch((request) =>
      answerPage(request, request.query.get('state') === 'weg' ? all.slice(7, 8) : all),
    );
    renderDeclarative([filtered], { path: '/recievers/audiences/' });
    await screen.findByText('Doelgroep 000');
    expect(sent[0].query.has('state')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Staat' }));
    await user.click(await screen.findByRole('option', { name: 'Verwijderd' }));

    await waitFor(() => expect(screen.queryByText('Doelgroep 000')).not.toBeInTheDocument(), {
      timeout: 10_000,
    });
    expect(screen.getByText('Doelgroep 007')).toBeInTheDocument();
    expect(sent.at(-1)?.query.get('state')).toBe('weg');

    await user.click(screen.getByRole('combobox', { name: 'Staat' }));
    // The empty choice reads 'Alle'; react-admin names it 'Veld wissen' for screen readers.
    await user.click(within(await screen.findByRole('listbox')).getByText('Alle'));
    expect(await screen.findByText('Doelgroep 000', {}, { timeout: 10_000 })).toBeInTheDocument();
    // The rows may show from the cache of the first, unfiltered read before the new read is sent.
    await waitFor(() => expect(sent.at(-1)?.query.has('state')).toBe(false));
  });

  it('sorts at the server when a header is clicked, ascending then descending', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = mockFetch((request) => answerPage(request, all));
    renderDeclarative([audiences], { path: '/recievers/audiences/' });
    await screen.findByText('Doelgroep 000');

    await user.click(screen.getByRole('button', { name: /naam/i }));
    await waitFor(() => expect(sent.at(-1)?.query.get('sort')).toBe('name'));
    expect(sent.at(-1)?.query.get('order')).toBe('ASC');

    await user.click(screen.getByRole('button', { name: /naam/i }));
    await waitFor(() => expect(sent.at(-1)?.query.get('order')).toBe('DESC'));
    expect(await screen.findByText('Doelgroep 299')).toBeInTheDocument();
    const firstRow = screen.getAllByRole('row')[1];
    expect(within(firstRow).getByText('Doelgroep 299')).toBeInTheDocument();
  });

  it('shows Dutch loading and empty states', async () => {
    let answer: ((response: Response) => void) | undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderDeclarative([audiences], { path: '/recievers/audiences/' });

    expect(await screen.findByRole('status')).toHaveTextContent('Gegevens worden geladen…');

    // The loading state shows before the request leaves (the token is read first): answer it once asked.
    await waitFor(() => expect(answer).toBeDefined());
    answer!(jsonAnswer({ data: [], total: 0 }));

    expect(await screen.findByText('Er zijn nog geen doelgroepen.')).toBeInTheDocument();
    // Without a create view there is nothing to offer.
    expect(screen.queryByRole('button', { name: /Nieuwe/ })).not.toBeInTheDocument();
  });

  it("writes a moment column as '22 nov 2026, 13:03'", async () => {
    const received = defineResource<{ id: string; receivedAt: string }>({
      name: 'messages',
      label: { one: 'Bericht', many: 'Berichten' },
      api: { getList: { method: 'GET', path: '/messages' } },
      fields: [{ source: 'receivedAt', label: 'Ontvangen', kind: 'dateTime' }],
      views: { list: { title: 'Berichten', columns: ['receivedAt'] } },
      routes: { list: '/mail/' },
    });
    // An instant, shown in Dutch time (UTC+1 in November) whatever zone the tests run in.
    mockFetch(() => jsonAnswer({ data: [{ id: 'm1', receivedAt: '2026-11-22T12:03:00Z' }], total: 1 }));
    renderDeclarative([received], { path: '/mail/' });
    expect(await screen.findByText('22 nov 2026, 13:03')).toBeInTheDocument();
  });

  it('offers the create action in the empty state, where the resource has one', async () => {
    const creatable = defineResource<Audience>({
      ...audiences,
      api: { ...audiences.api, create: { method: 'POST', path: '/audiences/' } },
      views: { ...audiences.views, create: { as: 'slideOver', title: 'Nieuwe doelgroep', fields: ['name'] } },
    });
    mockFetch(() => jsonAnswer({ data: [], total: 0 }));
    renderDeclarative([creatable], { path: '/recievers/audiences/' });

    const empty = (await screen.findByText('Er zijn nog geen doelgroepen.')).parentElement as HTMLElement;
    // One button, in the empty state: the toolbar does not offer it a second time.
    expect(screen.getAllByRole('button', { name: 'Nieuwe doelgroep' })).toHaveLength(1);
    await userEvent.click(within(empty).getByRole('button', { name: 'Nieuwe doelgroep' }));
    expect(await screen.findByRole('dialog', { name: 'Nieuwe doelgroep' })).toBeInTheDocument();
  });
});
