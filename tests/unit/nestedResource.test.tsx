import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { required } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { renderDeclarative, testEnvironmentId } from './support/declarativeTestApp';
import { jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';

/**
 * The proof that a nested resource needs declarations only: a brand-new pair, declared here and
 * nowhere else (no edit of src/), driven in the DOM through the real dataProvider and HTTP layer.
 * An album has tracks; a track belongs to one album (`parent`), at /albums/:albumId/:id.
 */
interface Album {
  id: string;
  title: string;
  isPublic: boolean;
}

interface Track {
  id: string;
  albumId: string;
  title: string;
  kind: number;
  maxPlays: number;
}

const tracks = defineResource<Track>({
  name: 'tracks',
  label: { one: 'Nummer', many: 'Nummers' },
  recordRepresentation: 'title',
  parent: { resource: 'albums', param: 'albumId' },
  api: {
    getList: { method: 'GET', path: '/albums/{albumId}/tracks' },
    getOne: { method: 'GET', path: '/albums/{albumId}/tracks/{id}' },
    create: { method: 'POST', path: '/albums/{albumId}/tracks', body: ['title', 'kind', 'maxPlays'] },
    update: { method: 'PUT', path: '/albums/{albumId}/tracks/{id}', body: ['title', 'kind', 'maxPlays'] },
  },
  fields: [
    { source: 'title', label: 'Titel', kind: 'text', validate: required('Titel is een verplicht veld') },
    {
      source: 'kind',
      label: 'Soort',
      kind: 'choice',
      display: 'radio',
      choices: [
        { id: 0, name: 'Lied' },
        { id: 1, name: 'Gesproken' },
      ],
      defaultValue: 0,
    },
    {
      source: 'maxPlays',
      label: 'Maximaal afspelen',
      kind: 'number',
      defaultValue: 0,
      // Only songs have a play limit; 0 means no limit.
      when: ({ values }) => values.kind === 0,
      displayAs: (value) => (value === 0 ? 'onbeperkt' : String(value)),
    },
  ],
  views: {
    list: { title: 'Nummers', columns: ['title', 'maxPlays'], rowClick: 'show', search: false },
    show: {
      back: { to: '/albums/:albumId', label: 'Terug naar het album' },
      summary: [{ label: 'Maximaal %{max} keer', values: (track) => ({ max: track.maxPlays }) }],
      actions: [{ label: 'Nummer aanpassen', form: 'edit' }],
      notFound: 'Dit nummer bestaat niet.',
    },
    create: { as: 'slideOver', title: 'Nieuw nummer', fields: ['title', 'kind', 'maxPlays'] },
    edit: { as: 'slideOver', title: 'Nummer aanpassen', fields: ['title', 'kind', 'maxPlays'] },
  },
  routes: { show: '/albums/:albumId/:id' },
});

const albums = defineResource<Album>({
  name: 'albums',
  label: { one: 'Album', many: 'Albums' },
  recordRepresentation: 'title',
  api: {
    getList: { method: 'GET', path: '/albums' },
    getOne: { method: 'GET', path: '/albums/{id}' },
    create: { method: 'POST', path: '/albums', query: ['title'] },
    update: { method: 'PUT', path: '/albums/{id}', body: ['title', 'isPublic'] },
  },
  fields: [
    { source: 'title', label: 'Titel', kind: 'text', validate: required('Titel is een verplicht veld') },
    { source: 'isPublic', label: 'Openbaar', kind: 'boolean' },
  ],
  views: {
    list: { title: 'Albums', columns: ['title'], rowClick: 'show', empty: 'Er zijn nog geen albums.' },
    show: {
      back: { to: '/albums/', label: 'Alle albums' },
      flags: [{ label: 'Openbaar', when: (album) => album.isPublic, color: 'success' }],
      actions: [{ label: 'Album aanpassen', form: 'edit' }],
      sections: [{ table: tracks, target: 'albumId' }],
      notFound: 'Dit album bestaat niet (meer).',
    },
    create: {
      as: 'slideOver',
      title: 'Nieuw album',
      fields: ['title'],
      successMessage: 'Album %{title} is toegevoegd.',
    },
    edit: { as: 'slideOver', title: 'Album aanpassen', fields: ['title', 'isPublic'] },
  },
  routes: { list: '/albums/', show: '/albums/:id' },
});

/** A small album server behind `fetch`: the records, and every request as sent. */
function albumServer(seed: { albums?: Album[]; tracks?: Track[] } = {}) {
  const albumRows: Album[] = [...(seed.albums ?? [])];
  const trackRows: Track[] = [...(seed.tracks ?? [])];
  const prefix = `/api/1/${testEnvironmentId}`;
  const { sent } = mockFetch((request: SentRequest) => {
    const path = request.path.slice(prefix.length);
    const body = () => request.json() as Partial<Track & Album>;
    let match: RegExpMatchArray | null;
    if (request.method === 'GET' && path === '/albums') return jsonAnswer(albumRows);
    if (request.method === 'POST' && path === '/albums') {
      const album = {
        id: `a${albumRows.length + 1}`,
        title: request.query.get('title') ?? '',
        isPublic: false,
      };
      albumRows.push(album);
      return jsonAnswer(album.id, { status: 201 });
    }
    if ((match = path.match(/^\/albums\/([^/]+)$/))) {
      const album = albumRows.find((row) => row.id === match![1]);
      if (!album) return jsonAnswer({ status: 404, message: 'Niet gevonden' }, { status: 404 });
      if (request.method === 'PUT') Object.assign(album, body());
      return jsonAnswer(album);
    }
    if ((match = path.match(/^\/albums\/([^/]+)\/tracks$/))) {
      const albumId = match[1];
      if (request.method === 'GET') return jsonAnswer(trackRows.filter((row) => row.albumId === albumId));
      const track = { id: `t${trackRows.length + 1}`, albumId, title: '', kind: 0, maxPlays: 0, ...body() };
      trackRows.push(track);
      return jsonAnswer(track.id, { status: 201 });
    }
    if ((match = path.match(/^\/albums\/([^/]+)\/tracks\/([^/]+)$/))) {
      const track = trackRows.find((row) => row.albumId === match![1] && row.id === match![2]);
      if (!track) return jsonAnswer({ status: 404, message: 'Niet gevonden' }, { status: 404 });
      if (request.method === 'PUT') Object.assign(track, body());
      return jsonAnswer(track);
    }
    return jsonAnswer({ status: 404, message: 'Deze route bestaat niet.' }, { status: 404 });
  });
  const writes = () => sent.filter((request) => request.method !== 'GET');
  return { sent, writes, albumRows, trackRows };
}

beforeEach(() => {
  installIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a nested resource declared in one place', { timeout: 60_000 }, () => {
  it('creates a parent in its table and opens its page', async () => {
    const user = userEvent.setup({ delay: null });
    const server = albumServer();
    renderDeclarative([albums, tracks], { path: '/albums/' });

    // The parent's table and its create panel (offered by the empty state).
    expect(await screen.findByText('Er zijn nog geen albums.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nieuw album' }));
    const newAlbum = await screen.findByRole('dialog', { name: 'Nieuw album' });
    await user.type(within(newAlbum).getByLabelText(/Titel/), 'Zomerliedjes');
    await user.click(within(newAlbum).getByRole('button', { name: 'Toevoegen' }));
    expect(await screen.findByText('Album Zomerliedjes is toegevoegd.')).toBeInTheDocument();
    expect(server.writes()[0]).toMatchObject({ method: 'POST', path: `/api/1/${testEnvironmentId}/albums` });

    // The parent's detail page: title, header action, and the children's table filtered on it.
    await user.click(await screen.findByText('Zomerliedjes'));
    expect(await screen.findByRole('heading', { name: 'Zomerliedjes', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle albums' })).toHaveAttribute('href', '/albums/');
  });

  it("creates children on the parent's page that know their parent, with numeric choices, conditions and display formats", async () => {
    const user = userEvent.setup({ delay: null });
    const server = albumServer({ albums: [{ id: 'a1', title: 'Zomerliedjes', isPublic: false }] });
    renderDeclarative([albums, tracks], { path: '/albums/a1' });
    await user.click(await screen.findByRole('button', { name: 'Nieuw nummer' }));

    // The child's create panel knows its parent: the album id fills the path.
    const newTrack = await screen.findByRole('dialog', { name: 'Nieuw nummer' });
    await user.click(within(newTrack).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(newTrack).findByText('Titel is een verplicht veld')).toBeInTheDocument();
    await user.type(within(newTrack).getByLabelText(/Titel/), 'Zonnestraal');
    await user.clear(within(newTrack).getByLabelText('Maximaal afspelen'));
    await user.type(within(newTrack).getByLabelText('Maximaal afspelen'), '3');
    await user.click(within(newTrack).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(server.trackRows).toHaveLength(1));
    const post = server.writes()[0]!;
    expect(post.path).toBe(`/api/1/${testEnvironmentId}/albums/a1/tracks`);
    expect(post.json()).toEqual({ title: 'Zonnestraal', kind: 0, maxPlays: 3 });

    // A spoken track has no play limit: the field goes, and the numeric choice is sent as a number.
    await user.click(await screen.findByRole('button', { name: 'Nieuw nummer' }));
    const spoken = await screen.findByRole('dialog', { name: 'Nieuw nummer' });
    await user.type(within(spoken).getByLabelText(/Titel/), 'Voorwoord');
    await user.click(within(spoken).getByLabelText('Gesproken'));
    expect(within(spoken).queryByLabelText('Maximaal afspelen')).not.toBeInTheDocument();
    await user.click(within(spoken).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(server.trackRows).toHaveLength(2));
    expect(server.writes()[1]!.json()).toMatchObject({ title: 'Voorwoord', kind: 1 });

    // The children's table shows the display format: 0 as 'onbeperkt'.
    const voorwoord = (await screen.findByText('Voorwoord')).closest('tr') as HTMLElement;
    expect(within(voorwoord).getByText('onbeperkt')).toBeInTheDocument();
  });

  it("edits the parent from its page's header, and follows a child to its own page (the route names the parent)", async () => {
    const user = userEvent.setup({ delay: null });
    const server = albumServer({
      albums: [{ id: 'a1', title: 'Zomerliedjes', isPublic: false }],
      tracks: [{ id: 't1', albumId: 'a1', title: 'Zonnestraal', kind: 0, maxPlays: 3 }],
    });
    renderDeclarative([albums, tracks], { path: '/albums/a1' });
    expect(await screen.findByText('Zonnestraal')).toBeInTheDocument();

    // The parent's edit panel from the header; the page follows the save.
    await user.click(await screen.findByRole('button', { name: 'Album aanpassen' }));
    const editAlbum = await screen.findByRole('dialog', { name: 'Album aanpassen' });
    await user.click(within(editAlbum).getByLabelText('Openbaar'));
    await user.click(within(editAlbum).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Openbaar', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(server.albumRows[0]!.isPublic).toBe(true);

    // A child's row leads to its own page, whose route names the parent too.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByText('Zonnestraal'));
    expect(await screen.findByRole('heading', { name: 'Zonnestraal', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Maximaal 3 keer')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar het album' })).toHaveAttribute('href', '/albums/a1');
    expect(
      server.sent.some((request) => request.path === `/api/1/${testEnvironmentId}/albums/a1/tracks/t1`),
    ).toBe(true);

    // The child's edit panel sends the parent's id with it, and the page shows the change.
    await user.click(await screen.findByRole('button', { name: 'Nummer aanpassen' }));
    const editTrack = await screen.findByRole('dialog', { name: 'Nummer aanpassen' });
    await user.clear(within(editTrack).getByLabelText(/Titel/));
    await user.type(within(editTrack).getByLabelText(/Titel/), 'Zonnestraal (live)');
    await user.click(within(editTrack).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('heading', { name: 'Zonnestraal (live)', level: 2 })).toBeInTheDocument();
    const put = server.writes().at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.path).toBe(`/api/1/${testEnvironmentId}/albums/a1/tracks/t1`);
  });

  it('says in Dutch that a record does not exist, with the way back', async () => {
    albumServer();
    renderDeclarative([albums, tracks], { path: '/albums/onbekend' });

    expect(await screen.findByText('Dit album bestaat niet (meer).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle albums' })).toHaveAttribute('href', '/albums/');
  });
});
