import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberRoleName } from '@contract/memberRoles';
import type { MediaDirectory, MediaFile } from '@contract/media';
import { mediaSlideOverRegistry } from '../../src/custom/media/mediaSlideOverRegistry';
import { mediaFiles } from '../../src/resources/mediaFiles';
import { mediaFolders } from '../../src/resources/mediaFolders';
import { tags } from '../../src/resources/tags';
import { emptyAnswer, jsonAnswer, mockFetch } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative, testEnvironmentId } from './support/declarativeTestApp';
import { memberOfRole } from './support/memberRole';

// The media explorer as each role sees it: a Lezer looks and downloads; uploading, new folders,
// renaming, deleting and tags are for a Redacteur and up (contract/operationRoles.ts).

const api = (path: string) => `/api/1/${testEnvironmentId}${path}`;

const strand: MediaFile = {
  id: 'f-png',
  directoryId: 'photos',
  extension: '.png',
  name: 'strand.png',
  friendlyName: 'strand',
  originalName: 'strand.png',
  sizeInBytes: 1536,
  createdAt: '2025-01-01T00:00:00.000Z',
  tags: [{ id: 't1', name: 'zomer' }],
};
const photos: MediaDirectory = {
  id: 'photos',
  name: "Foto's",
  parentDirectoryId: 'root',
  path: "/Foto's",
  directories: [],
  files: [strand],
};

function mediaServer() {
  return mockFetch((request) => {
    if (request.method !== 'GET') return emptyAnswer(403);
    if (request.path === api("/media/Foto's")) return jsonAnswer(photos);
    if (request.path === api('/file/f-png')) return jsonAnswer(strand);
    if (request.path === api('/file/f-png/usage')) return jsonAnswer({ publications: [], themeLogo: false });
    if (request.path === api('/tags/file/f-png')) return jsonAnswer(strand.tags);
    return emptyAnswer(404);
  });
}

async function openFolder(role: MemberRoleName) {
  const member = memberOfRole(role);
  const { sent } = mediaServer();
  renderDeclarative([mediaFolders, mediaFiles, tags], {
    path: "/media/Foto's",
    slideOvers: mediaSlideOverRegistry,
    authProvider: member.authProvider,
    queryClient: member.queryClient,
  });
  await member.roleKnown();
  const grid = await screen.findByRole('list', { name: "Foto's" });
  return { grid, sent };
}

/** File details of strand.png (the page behind it is hidden from the accessibility tree meanwhile). */
async function openFile(grid: HTMLElement) {
  await userEvent.click(within(grid).getByRole('button', { name: 'Bestand strand, 1,5 KB' }));
  const panel = await screen.findByRole('dialog', { name: 'Bestandsdetails' });
  await within(panel).findByText('zomer');
  return panel;
}

beforeEach(() => {
  installIntersectionObserver();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the media explorer as the role allows', { timeout: 60_000 }, () => {
  it('shows a Lezer the folder and the file without a single action that changes them', async () => {
    const { grid, sent } = await openFolder('reader');
    expect(within(grid).queryByRole('button', { name: 'Nieuwe Map' })).toBeNull();
    expect(screen.queryByText(/Drag 'n' drop/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Naam wijzigen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Map verwijderen' })).toBeNull();

    const panel = await openFile(grid);
    expect(within(panel).getByTestId('media-file-name')).toHaveTextContent('strand.png');
    expect(within(panel).queryByRole('button', { name: 'Naam wijzigen' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Tag toevoegen' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: /Tag zomer verwijderen/ })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Verwijderen' })).toBeNull();
    // Looking stays: the download and closing the panel.
    expect(within(panel).getByRole('button', { name: 'Downloaden' })).toBeEnabled();
    expect(sent.every((request) => request.method === 'GET')).toBe(true);
  });

  it('gives a Beheerder upload, new folder, rename, delete and tags', async () => {
    const { grid } = await openFolder('administrator');
    expect(within(grid).getByRole('button', { name: 'Nieuwe Map' })).toBeInTheDocument();
    expect(screen.getByText(/Drag 'n' drop/)).toBeInTheDocument();
    const folderActions = screen.getByRole('group', { name: "Map Foto's" });
    expect(within(folderActions).getByRole('button', { name: 'Naam wijzigen' })).toBeInTheDocument();
    expect(within(folderActions).getByRole('button', { name: 'Map verwijderen' })).toBeInTheDocument();

    const panel = await openFile(grid);
    expect(within(panel).getByRole('button', { name: 'Naam wijzigen' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Tag toevoegen' })).toBeInTheDocument();
    expect(within(panel).getByTitle('Tag zomer verwijderen')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Verwijderen' })).toBeInTheDocument();
  });
});
