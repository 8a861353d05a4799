import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FileUsage, MediaDirectory, MediaFile, Tag } from '@contract/media';
import { mediaSlideOverRegistry } from '../../src/custom/media/mediaSlideOverRegistry';
import { mediaFiles } from '../../src/resources/mediaFiles';
import { mediaFolders } from '../../src/resources/mediaFolders';
import { tags } from '../../src/resources/tags';
import { emptyAnswer, jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative, testEnvironmentId } from './support/declarativeTestApp';

const api = (path: string) => `/api/1/${testEnvironmentId}${path}`;

function file(id: string, name: string, sizeInBytes: number, tagNames: string[] = []): MediaFile {
  const extension = name.slice(name.lastIndexOf('.')).toLowerCase();
  return {
    id,
    directoryId: 'root',
    extension,
    name,
    friendlyName: name.slice(0, name.lastIndexOf('.')),
    originalName: name,
    sizeInBytes,
    createdAt: '2025-01-01T00:00:00.000Z',
    tags: tagNames.map((tagName, index) => ({ id: `${id}-t${index}`, name: tagName })),
  };
}

const root: MediaDirectory = {
  id: 'root',
  name: 'Media',
  parentDirectoryId: null,
  path: '/',
  directories: [{ id: 'photos', name: "Foto's", parentDirectoryId: 'root' }],
  files: [
    file('f-png', 'strand.png', 1536, ['zomer']),
    file('f-pdf', 'jaarverslag.pdf', 5 * 1024 * 1024 + 123_456),
  ],
};
const photos: MediaDirectory = {
  id: 'photos',
  name: "Foto's",
  parentDirectoryId: 'root',
  path: "/Foto's",
  directories: [],
  files: [],
};

/** The media API as the console sees it; renames and tags change this state. `answer` comes first. */
function mediaServer(answer?: (request: SentRequest) => Response | Promise<Response> | undefined) {
  const files = new Map(root.files.map((entry) => [entry.id, structuredClone(entry)]));
  return mockFetch((request: SentRequest) => {
    const special = answer?.(request);
    if (special) return special;
    if (request.method === 'GET' && request.path === api('/media/')) return jsonAnswer(root);
    if (request.method === 'GET' && request.path === api("/media/Foto's")) return jsonAnswer(photos);
    const tagMatch = /\/tags\/file\/([^/]+)$/.exec(request.path);
    if (tagMatch) {
      const current = files.get(tagMatch[1]!)!;
      if (request.method === 'POST') {
        const tag: Tag = { id: `new-${current.tags.length}`, name: request.query.get('tagName')! };
        current.tags.push(tag);
        return jsonAnswer(tag, { status: 201 });
      }
      return jsonAnswer(current.tags);
    }
    const fileMatch = /^\/api\/1\/[^/]+\/file\/([^/]+)$/.exec(request.path);
    if (fileMatch) {
      const current = files.get(fileMatch[1]!)!;
      if (request.method === 'PUT') {
        const name = request.query.get('newName')!;
        Object.assign(current, { name, friendlyName: name.replace(/\.[^.]+$/, '') });
      }
      return jsonAnswer(current);
    }
    return emptyAnswer(404);
  });
}

const renderExplorer = (path = '/media/') =>
  renderDeclarative([mediaFolders, mediaFiles, tags], { path, slideOvers: mediaSlideOverRegistry });

beforeEach(() => {
  installIntersectionObserver();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('media gallery tiles (spec §2)', () => {
  it("shows folders, 'Nieuwe Map' and files at the root, without 'Terug'", async () => {
    mediaServer();
    renderExplorer();
    const grid = await screen.findByRole('list', { name: 'Media' });
    expect(within(grid).queryByText('Terug')).toBeNull();
    expect(within(grid).getByRole('button', { name: "Map Foto's openen" })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Nieuwe Map' })).toBeInTheDocument();

    const image = within(grid).getByRole('button', { name: 'Bestand strand, 1,5 KB' });
    expect(image.querySelector('img')?.getAttribute('src')).toMatch(/\/f-png\.png\?w=400&h=400&mode=crop$/);
    const document = within(grid).getByRole('button', { name: 'Bestand PDF jaarverslag, 5,12 MB' });
    expect(document.querySelector('img')).toBeNull();
    expect(within(document).getByText('PDF')).toBeInTheDocument();
    expect(within(document).getByText('5,12 MB')).toBeInTheDocument();
  });

  it("opens a folder, where 'Terug' leads back up", async () => {
    const { sent } = mediaServer();
    renderExplorer();
    await userEvent.click(await screen.findByRole('button', { name: "Map Foto's openen" }));
    const back = await screen.findByRole('button', { name: 'Terug' });
    expect(sent.some((request) => request.path === api("/media/Foto's"))).toBe(true);
    expect(screen.getByRole('navigation', { name: 'Mappen' })).toHaveTextContent("MediaFoto's");
    await userEvent.click(back);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Terug' })).toBeNull());
  });
});

describe('File details: rename on blur (spec §5)', () => {
  it('sends the new name when the field is left, and nothing when it is left empty', async () => {
    const { sent } = mediaServer();
    renderExplorer();
    await userEvent.click(await screen.findByRole('button', { name: 'Bestand strand, 1,5 KB' }));
    const panel = await screen.findByRole('dialog', { name: 'Bestandsdetails' });
    await within(panel).findByText('strand.png', { selector: '[data-testid="media-file-name"]' });

    await userEvent.click(within(panel).getByRole('button', { name: 'Naam wijzigen' }));
    await userEvent.clear(within(panel).getByTestId('media-file-name-input'));
    await userEvent.click(within(panel).getByText('Grootte'));
    expect(within(panel).getByTestId('media-file-name')).toHaveTextContent('strand.png');
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('button', { name: 'Naam wijzigen' }));
    const input = within(panel).getByTestId('media-file-name-input');
    await userEvent.clear(input);
    await userEvent.type(input, '  zee.png ');
    await userEvent.tab();
    await waitFor(() => expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1));
    const put = sent.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe(api('/file/f-png'));
    expect(put.query.get('newName')).toBe('zee.png');
    await waitFor(() => expect(within(panel).getByTestId('media-file-name')).toHaveTextContent('zee.png'));
  });
});

describe('File details: where the file is used', () => {
  const usage: FileUsage = {
    themeLogo: false,
    publications: [
      {
        id: 'p-draft',
        name: 'Concept juni',
        sent: false,
        blocks: [{ id: 'b1', name: 'Afbeelding', position: 0 }],
      },
    ],
  };

  it('shows the uses, names the drafts in the delete question, then deletes', async () => {
    const { sent } = mediaServer((request) => {
      if (request.path === api('/file/f-png/usage')) return jsonAnswer(usage);
      if (request.method === 'DELETE') return emptyAnswer(204);
      return undefined;
    });
    renderExplorer();
    await userEvent.click(await screen.findByRole('button', { name: 'Bestand strand, 1,5 KB' }));
    const panel = await screen.findByRole('dialog', { name: 'Bestandsdetails' });
    const uses = await within(panel).findByRole('list', { name: 'In gebruik' });
    expect(within(uses).getByRole('link', { name: 'Concept juni' })).toHaveAttribute(
      'href',
      '/publications/p-draft',
    );
    expect(within(uses).getByText('Concept')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Verwijderen' }));
    const question = await screen.findByRole('dialog', { name: 'Bestand verwijderen' });
    expect(
      within(question).getByText('Weet je zeker dat je strand.png wilt verwijderen?'),
    ).toBeInTheDocument();
    expect(within(question).getByRole('link', { name: 'Concept juni' })).toBeInTheDocument();
    await userEvent.click(within(question).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it("keeps the server's refusal, listing the uses, in the panel", async () => {
    const message =
      "Dit bestand is in gebruik en kan daarom niet worden verwijderd: de verzonden publicatie 'Mei'.";
    mediaServer((request) => {
      if (request.path === api('/file/f-png/usage')) {
        return jsonAnswer({
          themeLogo: false,
          publications: [{ ...usage.publications[0], name: 'Mei', sent: true }],
        });
      }
      if (request.method === 'DELETE')
        return jsonAnswer({ status: 409, message, field: 'fileId' }, { status: 409 });
      return undefined;
    });
    renderExplorer();
    await userEvent.click(await screen.findByRole('button', { name: 'Bestand strand, 1,5 KB' }));
    const panel = await screen.findByRole('dialog', { name: 'Bestandsdetails' });
    expect(await within(panel).findByText('Verzonden')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Verwijderen' }));
    const question = await screen.findByRole('dialog', { name: 'Bestand verwijderen' });
    await userEvent.click(within(question).getByRole('button', { name: 'Verwijderen' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Bestandsdetails' })).toBeInTheDocument();
  });
});

describe('File details: tags (spec §5)', () => {
  it('ignores an empty tag, does not add a duplicate (ignoring case) and adds a new one', async () => {
    const { sent } = mediaServer();
    renderExplorer();
    await userEvent.click(await screen.findByRole('button', { name: 'Bestand strand, 1,5 KB' }));
    const panel = await screen.findByRole('dialog', { name: 'Bestandsdetails' });
    await within(panel).findByText('zomer');
    expect(within(panel).queryByTestId('media-tag-input')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Tag toevoegen' }));
    const input = within(panel).getByTestId('media-tag-input');
    const posts = () => sent.filter((request) => request.method === 'POST');

    await userEvent.type(input, '   {Enter}');
    expect(posts()).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'ZOMER{Enter}');
    expect(posts()).toHaveLength(0);
    expect(within(panel).getByText('Dit bestand heeft deze tag al.')).toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, ' strand {Enter}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.path).toBe(api('/tags/file/f-png'));
    expect(posts()[0]!.query.get('tagName')).toBe('strand');
    await within(panel).findByText('strand', { selector: '.MuiChip-label' });

    // The tag form toggles.
    await userEvent.click(within(panel).getByRole('button', { name: 'Tag toevoegen' }));
    expect(within(panel).queryByTestId('media-tag-input')).toBeNull();
  });

  it('keeps the next tag typed while the previous one is being added', async () => {
    let answerPost: () => void = () => undefined;
    const postAnswered = new Promise<void>((resolve) => (answerPost = resolve));
    // The POST is held until the next tag is typed, then passed on to the media API below.
    mediaServer((request) =>
      request.method === 'POST'
        ? postAnswered.then(() => jsonAnswer({ id: 'new-1', name: 'strand' }, { status: 201 }))
        : undefined,
    );
    renderExplorer();
    await userEvent.click(await screen.findByRole('button', { name: 'Bestand strand, 1,5 KB' }));
    const panel = await screen.findByRole('dialog', { name: 'Bestandsdetails' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Tag toevoegen' }));
    const input = within(panel).getByTestId('media-tag-input');

    await userEvent.type(input, 'strand{Enter}');
    await userEvent.clear(input);
    await userEvent.type(input, 'boot');
    answerPost();

    // 'Toevoegen' is enabled again once the add has settled.
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Toevoegen' })).toBeEnabled());
    expect(input).toHaveValue('boot');
  });
});
