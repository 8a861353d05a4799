import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeclaredDetail } from '../../src/declarative/DeclaredDetail';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { declaredRoutes } from '../../src/declarative/routes';
import { renderDeclarative, testEnvironmentId } from './support/declarativeTestApp';
import { jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';

/**
 * Named detail views (`views.details`), declared here and nowhere else: an album's liner notes at a
 * page of their own (/albums/:id/notes), and a review shown inside a page of one's own. The layer
 * gives the header, loading, not found and the one error display; the views declare only their
 * sections. Driven through the real dataProvider and HTTP layer; only `fetch` is replaced.
 */
interface Album {
  id: string;
  title: string;
  trackCount: number;
}

interface Track {
  id: string;
  albumId: string;
  title: string;
}

interface Review {
  id: string;
  shelfId: string;
  verdict: string;
  done: boolean;
}

const tracks = defineResource<Track>()({
  name: 'tracks',
  label: { one: 'Nummer', many: 'Nummers' },
  parent: { resource: 'albums', param: 'albumId' },
  api: { getList: { method: 'GET', path: '/albums/{albumId}/tracks' } },
  fields: [{ source: 'title', label: 'Titel', kind: 'text' }],
  views: {
    list: { title: 'Nummers', columns: ['title'], search: false, empty: 'Dit album heeft geen nummers.' },
  },
});

function Credits({ record }: { record: Album }) {
  return <p>Opgenomen met {record.trackCount} nummers.</p>;
}

const albums = defineResource<Album>()({
  name: 'albums',
  label: { one: 'Album', many: 'Albums' },
  recordRepresentation: 'title',
  api: { getOne: { method: 'GET', path: '/albums/{id}' } },
  fields: [{ source: 'title', label: 'Titel', kind: 'text' }],
  views: {
    details: {
      notes: {
        title: 'Hoesje: %{name}',
        heading: 'Hoestekst van %{name}',
        back: { to: '/albums/:id', label: 'Terug naar %{name}' },
        summary: [{ label: '%{count} nummers', values: (album) => ({ count: album.trackCount }) }],
        sections: [{ component: Credits }, { table: tracks, target: 'albumId', title: 'Tracklijst' }],
        notFound: 'Dit album bestaat niet (meer).',
      },
    },
  },
  pages: [{ path: '/albums/:id/notes', view: 'notes' }],
});

function Verdict({ record }: { record: Review }) {
  return <p>Oordeel: {record.verdict}</p>;
}

function Pending() {
  return <p>Nog niet beoordeeld.</p>;
}

const reviews = defineResource<Review>()({
  name: 'reviews',
  label: { one: 'Recensie', many: 'Recensies' },
  api: { getOne: { method: 'GET', path: '/shelves/{shelfId}/reviews/{id}' } },
  fields: [{ source: 'verdict', label: 'Oordeel', kind: 'text' }],
  views: {
    details: {
      summary: {
        sections: [
          { component: Pending, when: (review) => !review.done },
          { component: Verdict, when: (review) => review.done },
        ],
        notFound: 'Deze recensie bestaat niet.',
      },
    },
  },
});

/** A page of one's own that shows a review of the shelf in its route, through the declared view. */
function ShelfPage() {
  return (
    <section aria-label="Plank">
      <DeclaredDetail declaration={reviews} view="summary" id="r1" values={{ shelfId: 's9' }} embedded />
    </section>
  );
}

const shelfPage = defineResource<Review>()({
  ...reviews,
  name: 'shelves',
  pages: [{ path: '/shelves/:id', component: ShelfPage }],
});

const prefix = `/api/1/${testEnvironmentId}`;
const album: Album = { id: 'a1', title: 'Blauw', trackCount: 2 };
let answer: (request: SentRequest) => Response | Promise<Response>;

function server(request: SentRequest) {
  return answer(request);
}

function regularAnswer(request: SentRequest): Response {
  const path = request.path.slice(prefix.length);
  if (path === '/albums/a1') return jsonAnswer(album);
  if (path === '/albums/a1/tracks')
    return jsonAnswer([
      { id: 't1', albumId: 'a1', title: 'Zee' },
      { id: 't2', albumId: 'a1', title: 'Duin' },
    ]);
  if (path === '/shelves/s9/reviews/r1')
    return jsonAnswer({ id: 'r1', shelfId: 's9', verdict: 'Mooi', done: true });
  return jsonAnswer({ status: 404, message: 'Niet gevonden' }, { status: 404 });
}

const unavailable = () =>
  jsonAnswer({ status: 503, message: 'De database is even niet bereikbaar.' }, { status: 503 });

beforeEach(() => {
  answer = regularAnswer;
  installIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a named detail view', { timeout: 60_000 }, () => {
  it('shows the header of its own, its component section and the nested table, at its page', async () => {
    const { sent } = mockFetch(server);
    // Where react-admin's layout shows the page's title (its app bar).
    const pageBar = document.body.appendChild(
      Object.assign(document.createElement('div'), { id: 'react-admin-title' }),
    );
    renderDeclarative([albums, tracks], { path: '/albums/a1/notes' });

    expect(await screen.findByRole('heading', { name: 'Hoestekst van Blauw' })).toBeInTheDocument();
    await waitFor(() => expect(pageBar).toHaveTextContent('Hoesje: Blauw'));
    pageBar.remove();
    expect(screen.getByRole('link', { name: 'Terug naar Blauw' })).toHaveAttribute('href', '/albums/a1');
    expect(screen.getByText('2 nummers')).toBeInTheDocument();
    expect(screen.getByText('Opgenomen met 2 nummers.')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Tracklijst' });
    expect(await within(table).findByText('Zee')).toBeInTheDocument();
    expect(within(table).getByText('Duin')).toBeInTheDocument();
    expect(sent.map((request) => request.path)).toContain(`${prefix}/albums/a1/tracks`);
  });

  it("says 'Gegevens worden geladen…' while the record is read", async () => {
    let release: (response: Response) => void = () => undefined;
    answer = (request) =>
      request.path === `${prefix}/albums/a1`
        ? new Promise<Response>((resolve) => (release = resolve))
        : regularAnswer(request);
    mockFetch(server);
    renderDeclarative([albums, tracks], { path: '/albums/a1/notes' });

    expect(await screen.findByText('Gegevens worden geladen…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Hoestekst van Blauw' })).toBeNull();
    release(jsonAnswer(album));
    expect(await screen.findByRole('heading', { name: 'Hoestekst van Blauw' })).toBeInTheDocument();
  });

  it('says in Dutch that the record does not exist (4xx), with the way back', async () => {
    mockFetch(server);
    renderDeclarative([albums, tracks], { path: '/albums/a7/notes' });

    expect(await screen.findByText('Dit album bestaat niet (meer).')).toBeInTheDocument();
    // Without a record its kind stands for its name.
    expect(screen.getByRole('link', { name: 'Terug naar album' })).toHaveAttribute('href', '/albums/a7');
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).toBeNull();
  });

  it("shows a failed read with the server's message and 'Opnieuw proberen', not 'not found'", async () => {
    answer = (request) => (request.path === `${prefix}/albums/a1` ? unavailable() : regularAnswer(request));
    mockFetch(server);
    const user = userEvent.setup();
    renderDeclarative([albums, tracks], { path: '/albums/a1/notes' });

    expect(await screen.findByText('De database is even niet bereikbaar.')).toBeInTheDocument();
    expect(screen.queryByText('Dit album bestaat niet (meer).')).toBeNull();

    answer = regularAnswer;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { name: 'Hoestekst van Blauw' })).toBeInTheDocument();
  });

  it("shows a failed read of a table section as that error, never as the table's empty text", async () => {
    answer = (request) =>
      request.path === `${prefix}/albums/a1/tracks` ? unavailable() : regularAnswer(request);
    mockFetch(server);
    const user = userEvent.setup();
    renderDeclarative([albums, tracks], { path: '/albums/a1/notes' });

    expect(await screen.findByText('De database is even niet bereikbaar.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hoestekst van Blauw' })).toBeInTheDocument();
    expect(screen.queryByText('Dit album heeft geen nummers.')).toBeNull();

    answer = regularAnswer;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Zee')).toBeInTheDocument();
  });

  it('is shown inside a page of its own with call values of that page, its sections as they apply', async () => {
    const { sent } = mockFetch(server);
    renderDeclarative([shelfPage, reviews], { path: '/shelves/s9' });

    const shelf = await screen.findByRole('region', { name: 'Plank' });
    expect(await within(shelf).findByText('Oordeel: Mooi')).toBeInTheDocument();
    expect(within(shelf).queryByText('Nog niet beoordeeld.')).toBeNull();
    // Embedded: no header of its own.
    expect(within(shelf).queryByRole('heading')).toBeNull();
    expect(sent.map((request) => request.path)).toContain(`${prefix}/shelves/s9/reviews/r1`);
  });

  it('shows a failed read inside a page of its own too, and its not-found text without a way back', async () => {
    answer = (request) =>
      request.path === `${prefix}/shelves/s9/reviews/r1`
        ? jsonAnswer({ status: 404, message: 'Niet gevonden' }, { status: 404 })
        : regularAnswer(request);
    mockFetch(server);
    renderDeclarative([shelfPage, reviews], { path: '/shelves/s9' });

    expect(await screen.findByText('Deze recensie bestaat niet.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('refuses a page that names a view the resource does not declare, when the routes are built', () => {
    const wrong = defineResource<Album>()({
      ...albums,
      pages: [{ path: '/albums/:id/notes', view: 'noets' }],
    });
    expect(() => declaredRoutes([wrong])).toThrow("Resource 'albums' declares no detail view 'noets'");
  });
});
