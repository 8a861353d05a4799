import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MediaDirectory, MediaFile } from '@contract/media';
import { folderDeletionQuestion } from '../../src/custom/media/folderDeletionQuestion';
import { mediaSlideOverRegistry } from '../../src/custom/media/mediaSlideOverRegistry';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { mediaFiles } from '../../src/resources/mediaFiles';
import { mediaFolders } from '../../src/resources/mediaFolders';
import { tags } from '../../src/resources/tags';
import { emptyAnswer, jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative, testEnvironmentId } from './support/declarativeTestApp';

const api = (path: string) => `/api/1/${testEnvironmentId}${path}`;

function file(id: string, name: string): MediaFile {
  return {
    id,
    directoryId: 'photos',
    extension: '.pdf',
    name,
    friendlyName: name.replace(/\.pdf$/, ''),
    originalName: name,
    sizeInBytes: 2048,
    createdAt: '2025-01-01T00:00:00.000Z',
    tags: [],
  };
}

function folder(id: string, name: string, parentDirectoryId: string | null, path: string): MediaDirectory {
  return { id, name, parentDirectoryId, path, directories: [], files: [] };
}

/**
 * The media API as the console sees it: the root with Foto's and Documenten, Foto's with one sub-folder
 * and three files. Renames and deletes change it; `holdBack` keeps a folder's answer until released.
 */
function mediaServer() {
  const events = folder('events', 'Evenementen', 'photos', "/Foto's/Evenementen");
  const photos: MediaDirectory = {
    ...folder('photos', "Foto's", 'root', "/Foto's"),
    directories: [{ id: 'events', name: 'Evenementen', parentDirectoryId: 'photos' }],
    files: [file('f1', 'plan.pdf'), file('f2', 'begroting.pdf'), file('f3', 'verslag.pdf')],
  };
  const documents = folder('documents', 'Documenten', 'root', '/Documenten');
  const root: MediaDirectory = {
    ...folder('root', 'Media', null, '/'),
    directories: [documents, photos].map(({ id, name, parentDirectoryId }) => ({
      id,
      name,
      parentDirectoryId,
    })),
  };
  const byPath = () =>
    new Map([root, photos, events, documents].map((entry) => [api(`/media${entry.path}`), entry]));
  /** Answers held back until released, by request path. */
  const gates = new Map<string, Promise<void>>();

  const fetchStub = mockFetch(async (request: SentRequest) => {
    const gate = gates.get(request.path);
    if (gate) await gate;
    if (request.method === 'GET') {
      const found = byPath().get(request.path);
      return found
        ? jsonAnswer(found)
        : jsonAnswer({ status: 404, message: 'De map is niet gevonden.' }, { status: 404 });
    }
    if (request.method === 'PUT' && request.path === api('/directory/photos')) {
      const newName = request.query.get('newName')!;
      if (newName.toLowerCase() === 'documenten') {
        return jsonAnswer(
          { status: 409, message: "Er bestaat al een map met de naam 'Documenten' in 'Media'." },
          { status: 409 },
        );
      }
      photos.name = newName;
      photos.path = `/${newName}`;
      root.directories[1]!.name = newName;
      return jsonAnswer({ id: 'photos', name: newName, parentDirectoryId: 'root' });
    }
    if (request.method === 'DELETE' && request.path === api('/directory/photos')) {
      root.directories = root.directories.filter((entry) => entry.id !== 'photos');
      photos.path = '/deleted';
      return emptyAnswer(204);
    }
    return emptyAnswer(404);
  });
  return {
    ...fetchStub,
    /** Holds the answers for a folder path back until the returned function is called. */
    holdBack(path: string): () => void {
      let release = () => {};
      gates.set(api(`/media${path}`), new Promise<void>((resolve) => (release = resolve)));
      return () => {
        gates.delete(api(`/media${path}`));
        release();
      };
    },
  };
}

const renderExplorer = (path: string) =>
  renderDeclarative([mediaFolders, mediaFiles, tags], { path, slideOvers: mediaSlideOverRegistry });

const folderActions = (name: string) => screen.findByRole('group', { name: `Map ${name}` });
const currentCrumb = () =>
  within(screen.getByRole('navigation', { name: 'Mappen' })).getByText(
    (_, element) => element?.getAttribute('aria-current') === 'page',
  );

beforeEach(() => {
  installIntersectionObserver();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('folder actions in the explorer', () => {
  it('offers no rename or delete at the root folder Media', async () => {
    mediaServer();
    renderExplorer('/media/');
    await screen.findByRole('button', { name: "Map Foto's openen" });
    expect(screen.queryByRole('button', { name: 'Naam wijzigen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Map verwijderen' })).toBeNull();
  });

  it('offers no action while the next folder loads, so none reaches the folder just left', async () => {
    const server = mediaServer();
    renderExplorer("/media/Foto's");
    await folderActions("Foto's");
    const release = server.holdBack("/Foto's/Evenementen");

    await userEvent.click(screen.getByRole('button', { name: 'Map Evenementen openen' }));
    await waitFor(() => expect(currentCrumb()).toHaveTextContent('Evenementen'));
    expect(screen.queryByRole('group', { name: "Map Foto's" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Map verwijderen' })).toBeNull();
    // The folder just left stays in view, inert: its tiles (and the upload area) take no clicks or drops.
    const staleTile = screen.getByRole('button', { name: 'Map Evenementen openen' });
    expect(staleTile.closest('[inert]')).not.toBeNull();

    release();
    await folderActions('Evenementen');
    expect(screen.getByRole('button', { name: 'Terug' }).closest('[inert]')).toBeNull();
  });
});

describe('Rename folder panel', () => {
  it("refuses an empty name with 'Naam is een verplicht veld', shows a clash and keeps the input, then follows the new name", async () => {
    const { sent } = mediaServer();
    renderExplorer("/media/Foto's");
    await userEvent.click(
      within(await folderActions("Foto's")).getByRole('button', { name: 'Naam wijzigen' }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Naam wijzigen' });
    expect(within(panel).getByText("Geef de map Foto's een nieuwe naam.")).toBeInTheDocument();
    const input = within(panel).getByRole('textbox', { name: 'Naam van de map' });
    expect(input).toHaveValue("Foto's");
    const puts = () => sent.filter((request) => request.method === 'PUT');

    await userEvent.clear(input);
    await userEvent.type(input, '   ');
    await userEvent.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Naam is een verplicht veld');
    expect(puts()).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'Documenten');
    await userEvent.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(
      await within(panel).findByText("Er bestaat al een map met de naam 'Documenten' in 'Media'."),
    ).toBeInTheDocument();
    expect(input).toHaveValue('Documenten');
    expect(screen.getByRole('dialog', { name: 'Naam wijzigen' })).toBe(panel);

    await userEvent.clear(input);
    await userEvent.type(input, " Zomerfoto's ");
    await userEvent.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Naam wijzigen' })).toBeNull());
    expect(puts().map((request) => [request.path, request.query.get('newName')])).toEqual([
      [api('/directory/photos'), 'Documenten'],
      [api('/directory/photos'), "Zomerfoto's"],
    ]);
    // The explorer follows the new name: its URL, breadcrumb and folder.
    await waitFor(() => expect(currentCrumb()).toHaveTextContent("Zomerfoto's"));
    await folderActions("Zomerfoto's");
    expect(sent.some((request) => request.path === api("/media/Zomerfoto's"))).toBe(true);
    expect(await screen.findByText("De map heet nu Zomerfoto's.")).toBeInTheDocument();
  });
});

describe('Delete folder confirmation', () => {
  it('says what goes with the folder, and on confirmation deletes it and goes to the parent', async () => {
    const { sent } = mediaServer();
    renderExplorer("/media/Foto's");
    await userEvent.click(
      within(await folderActions("Foto's")).getByRole('button', { name: 'Map verwijderen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Map verwijderen' });
    expect(dialog).toHaveTextContent(
      "Map Foto's verwijderen? De map en alles erin (3 bestanden, 1 map) worden verwijderd. Je kunt dit niet ongedaan maken.",
    );
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));

    await waitFor(() => expect(currentCrumb()).toHaveTextContent('Media'));
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      api('/directory/photos'),
    ]);
    await screen.findByRole('button', { name: 'Map Documenten openen' });
    expect(screen.queryByRole('button', { name: "Map Foto's openen" })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Map verwijderen' })).toBeNull();
    expect(await screen.findByText("De map Foto's is verwijderd.")).toBeInTheDocument();
  });

  it.each([
    [
      { files: 1, directories: 0 },
      'Map Zomer verwijderen? De map en alles erin (1 bestand) worden verwijderd.',
    ],
    [
      { files: 0, directories: 2 },
      'Map Zomer verwijderen? De map en alles erin (2 mappen) worden verwijderd.',
    ],
    [{ files: 0, directories: 0 }, 'Map Zomer verwijderen? De map is leeg.'],
  ])('counts the direct content: %o', (counts, question) => {
    const zomer = {
      name: 'Zomer',
      files: Array.from({ length: counts.files }, (_, index) => file(`f${index}`, `${index}.pdf`)),
      directories: Array.from({ length: counts.directories }, (_, index) => ({
        id: `d${index}`,
        name: `Map ${index}`,
        parentDirectoryId: 'zomer',
      })),
    };
    expect(folderDeletionQuestion(zomer, i18nProvider.translate)).toContain(question);
  });
});
