import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { createConsoleQueryClient, shouldRetry } from '../../src/dataProvider/queryClient';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { visibleColumns } from '../../src/declarative/visibleColumns';
import { jsonAnswer, mockFetch } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative } from './support/declarativeTestApp';
import { setViewport } from './support/viewport';

interface Audience {
  id: string;
  name: string;
  email: string;
  city: string;
}

/** A table whose rows open a detail page, with an edit panel for the subscriber-like resource below. */
const audiences = defineResource<Audience>({
  name: 'audiences',
  label: { one: 'Doelgroep', many: 'Doelgroepen' },
  recordRepresentation: 'name',
  api: {
    getList: { method: 'GET', path: '/audiences/' },
    getOne: { method: 'GET', path: '/audiences/{id}' },
  },
  fields: [
    { source: 'name', label: 'Naam', kind: 'text' },
    { source: 'email', label: 'E-mailadres', kind: 'email' },
    { source: 'city', label: 'Plaats', kind: 'text' },
  ],
  views: {
    list: {
      title: 'Doelgroepen',
      columns: ['name', 'email', 'city'],
      phoneColumns: ['name', 'city'],
      rowClick: 'show',
      empty: 'Er zijn nog geen doelgroepen.',
    },
    show: {
      back: { to: '/recievers/audiences/', label: 'Alle doelgroepen' },
      notFound: 'Deze doelgroep bestaat niet (meer).',
    },
  },
  routes: { list: '/recievers/audiences/', show: '/recievers/audiences/:id' },
});

const subscribers = defineResource<Audience>({
  name: 'subscribers',
  label: { one: 'Ontvanger', many: 'Ontvangers' },
  api: {
    getList: { method: 'GET', path: '/subscribers/' },
    update: { method: 'PUT', path: '/subscribers/{id}', body: ['name'] },
  },
  fields: [
    { source: 'email', label: 'E-mailadres', kind: 'email' },
    { source: 'name', label: 'Naam', kind: 'text' },
  ],
  views: {
    list: { title: 'Ontvangers', columns: ['email', 'name'], rowClick: 'edit' },
    edit: { as: 'slideOver', title: 'Ontvanger aanpassen', fields: ['name'] },
  },
  routes: { list: '/recievers/subscribers/' },
});

const sanne = { id: 'a1', name: 'Sanne', email: 'sanne@example.nl', city: 'Utrecht' };

beforeEach(() => {
  installIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a declared table for keyboard users', { timeout: 60_000 }, () => {
  it("opens a row's detail page through a real link in its first cell", async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch((request) =>
      request.path.endsWith('/a1') ? jsonAnswer(sanne) : jsonAnswer({ data: [sanne], total: 1 }),
    );
    renderDeclarative([audiences], { path: '/recievers/audiences/' });

    const link = await screen.findByRole('link', { name: 'Sanne' });
    expect(link).toHaveAttribute('href', '/recievers/audiences/a1');
    link.focus();
    await user.keyboard('{Enter}');
    // The card names the record; the page title says what kind of page it is, not the name again.
    expect(await screen.findByRole('heading', { name: 'Sanne', level: 2 })).toBeInTheDocument();
  });

  it("opens a row's edit panel with a button in its first cell", async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(() => jsonAnswer({ data: [sanne], total: 1 }));
    renderDeclarative([subscribers], { path: '/recievers/subscribers/' });

    const opener = await screen.findByRole('button', { name: 'sanne@example.nl' });
    // An address in the opening cell is text: a button cannot hold a mailto link.
    expect(screen.queryByRole('link', { name: 'sanne@example.nl' })).not.toBeInTheDocument();
    opener.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('dialog', { name: 'Ontvanger aanpassen' })).toBeInTheDocument();
  });
});

describe('a declared table for mouse users', { timeout: 60_000 }, () => {
  it("opens a row's detail page on a click anywhere in the row", async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch((request) =>
      request.path.endsWith('/a1') ? jsonAnswer(sanne) : jsonAnswer({ data: [sanne], total: 1 }),
    );
    renderDeclarative([audiences], { path: '/recievers/audiences/' });

    await user.click(await screen.findByRole('cell', { name: 'Utrecht' }));
    expect(await screen.findByRole('heading', { name: 'Sanne', level: 2 })).toBeInTheDocument();
  });

  it("opens a row's edit panel on a click anywhere in the row", async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(() => jsonAnswer({ data: [sanne], total: 1 }));
    renderDeclarative([subscribers], { path: '/recievers/subscribers/' });

    await user.click(await screen.findByRole('cell', { name: 'Sanne' }));
    expect(await screen.findByRole('dialog', { name: 'Ontvanger aanpassen' })).toBeInTheDocument();
  });
});

describe('a table that cannot load', { timeout: 60_000 }, () => {
  it("shows the failure and 'Opnieuw proberen' instead of the empty text, and loads on a retry", async () => {
    const user = userEvent.setup({ delay: null });
    let failing = true;
    mockFetch(() =>
      failing
        ? jsonAnswer({ status: 500, message: 'De database is niet bereikbaar.' }, { status: 500 })
        : jsonAnswer({ data: [sanne], total: 1 }),
    );
    renderDeclarative([audiences], { path: '/recievers/audiences/' });

    expect(await screen.findByRole('alert')).toHaveTextContent('De database is niet bereikbaar.');
    expect(screen.queryByText('Er zijn nog geen doelgroepen.')).not.toBeInTheDocument();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));

    expect(await screen.findByRole('link', { name: 'Sanne' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("the console's cache", { timeout: 60_000 }, () => {
  it('asks once for a record that answers 404, and says it does not exist', async () => {
    const { sent } = mockFetch(() =>
      jsonAnswer({ status: 404, message: 'Doelgroep niet gevonden.' }, { status: 404 }),
    );
    renderDeclarative([audiences], {
      path: '/recievers/audiences/a404',
      queryClient: createConsoleQueryClient(),
    });

    expect(await screen.findByText('Deze doelgroep bestaat niet (meer).')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('retries network failures and server errors, never a 4xx answer', () => {
    expect(shouldRetry(0, new HttpError('Niet gevonden', 404, null))).toBe(false);
    expect(shouldRetry(0, new HttpError('Geen toegang', 403, null))).toBe(false);
    expect(shouldRetry(0, new HttpError('Ongeldig', 400, null))).toBe(false);
    expect(shouldRetry(0, new HttpError('Serverfout', 500, null))).toBe(true);
    expect(shouldRetry(0, new HttpError('Niet bereikbaar', 0, null))).toBe(true);
    expect(shouldRetry(3, new HttpError('Serverfout', 503, null))).toBe(false);
  });
});

describe('phone columns', () => {
  const view = {
    title: 'Ontvangers',
    columns: ['name', 'email', 'city', { source: 'id', label: ' ', render: () => null }] as const,
  };
  const alone = (...columns: readonly unknown[]) => columns.map((column) => ({ column, under: [] }));

  it('shows every column on a wider screen', () => {
    expect(visibleColumns(view, false)).toEqual(alone(...view.columns));
  });

  it('shows the declared phone columns in the table order, or else the first two', () => {
    expect(visibleColumns({ ...view, phoneColumns: ['id', 'name'] }, true)).toEqual(
      alone('name', view.columns[3]),
    );
    expect(visibleColumns(view, true)).toEqual(alone('name', 'email'));
  });

  describe('a column shown under another on a phone (phoneUnder)', () => {
    const city = { source: 'city', phoneUnder: 'name' } as const;
    const under = { title: 'Ontvangers', columns: ['name', city, 'email', view.columns[3]] as const };

    it('keeps its own column on a wider screen', () => {
      expect(visibleColumns(under, false)).toEqual(alone(...under.columns));
    });

    it('goes under the column it names, and takes no place among the first two', () => {
      expect(visibleColumns(under, true)).toEqual([
        { column: 'name', under: [city] },
        { column: 'email', under: [] },
      ]);
    });

    it('goes under its column beside the declared phone columns, even when named among them', () => {
      expect(visibleColumns({ ...under, phoneColumns: ['name', 'city', 'id'] }, true)).toEqual([
        { column: 'name', under: [city] },
        { column: under.columns[3], under: [] },
      ]);
    });

    it('is not shown on a phone when the column it names is not shown there', () => {
      expect(visibleColumns({ ...under, phoneColumns: ['email'] }, true)).toEqual(alone('email'));
    });
  });

  it('draws the content under the row opener, outside it, on a phone only', async () => {
    const underCity = defineResource<Audience>({
      ...audiences,
      views: {
        ...audiences.views,
        list: {
          title: 'Doelgroepen',
          columns: ['name', { source: 'city', phoneUnder: 'name' }, 'email'],
          rowClick: 'show',
        },
      },
    });
    const cityless = { ...sanne, id: 'a2', name: 'Joost', city: '' };
    mockFetch(() => jsonAnswer({ data: [sanne, cityless], total: 2 }));
    setViewport(390);
    const phone = renderDeclarative([underCity], { path: '/recievers/audiences/' });
    const cell = (await screen.findByRole('link', { name: 'Sanne' })).closest('td')!;
    expect(cell).toHaveTextContent('SanneUtrecht');
    expect(within(cell).getByText('Utrecht')).toHaveClass('DeclaredTable-under');
    // No empty line under a row without a city.
    const empty = screen.getByRole('link', { name: 'Joost' }).closest('td')!;
    expect(empty.querySelector('.DeclaredTable-under')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Plaats' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'E-mailadres' })).toBeInTheDocument();
    phone.unmount();

    setViewport(1366);
    renderDeclarative([underCity], { path: '/recievers/audiences/' });
    const wide = (await screen.findByRole('link', { name: 'Sanne' })).closest('td')!;
    expect(wide).toHaveTextContent(/^Sanne$/);
    expect(screen.getByRole('columnheader', { name: 'Plaats' })).toBeInTheDocument();
  });
});
