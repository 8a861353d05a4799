import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicationBlock, PublicationType } from '@contract/publications';
import { moveBlock } from '../../src/custom/publications/moveBlock';
import { openSlideOver } from '../../src/slideover/events';
import { emptyAnswer, jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { renderPublications } from './support/publicationsTestApp';

const newsletterType: PublicationType = {
  id: 'type-newsletter',
  name: 'Nieuwsbrief',
  templates: [{ id: 'template-standard', name: 'Standaard' }],
  repeatableGroups: [
    { type: 'artikel', name: 'Artikel', fields: [] },
    { type: 'agendaitem', name: 'Agenda-item', fields: [] },
    { type: 'uitgelicht', name: 'Uitgelicht', fields: [] },
  ],
};

const target = { publicationId: 'publication-1', publicationTypeId: newsletterType.id };

function fakeApi(type: PublicationType, onAdd: (request: SentRequest) => Response) {
  return mockFetch((request) => {
    const path = request.path.replace('/api/1/env-1', '');
    if (request.method === 'GET' && path === `/publicationtypes/${type.id}`) return jsonAnswer(type);
    if (request.method === 'POST' && path.endsWith('/dynamic')) return onAdd(request);
    return jsonAnswer({ status: 404, message: 'Deze route bestaat niet.' }, { status: 404 });
  });
}

function openAddBlock() {
  act(() => openSlideOver('addDynamicPublicationBlock', { meta: target }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("'Blok toevoegen' panel", { timeout: 60_000 }, () => {
  it("offers one radio per repeatable group of the publication's type", async () => {
    fakeApi(newsletterType, () => jsonAnswer({}));
    renderPublications();
    openAddBlock();
    const panel = await screen.findByRole('dialog', { name: 'Blok toevoegen' });

    const radios = await within(panel).findAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Artikel',
      'Agenda-item',
      'Uitgelicht',
    ]);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
  });

  it('requires a choice and sends nothing without one', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(newsletterType, () => jsonAnswer({}));
    renderPublications();
    openAddBlock();
    const panel = await screen.findByRole('dialog', { name: 'Blok toevoegen' });
    await within(panel).findAllByRole('radio');

    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    expect(await within(panel).findByText('Selecteer een bloktype')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('adds a block of the chosen group, closes and broadcasts refreshpublication', async () => {
    const user = userEvent.setup({ delay: null });
    const added: PublicationBlock = {
      id: 'block-9',
      publicationId: target.publicationId,
      blockType: 'agendaitem',
      name: 'Agenda-item',
      position: 3,
      content: {},
      version: 1,
      updatedAt: '2025-03-01T09:00:00.000Z',
    };
    const { sent } = fakeApi(newsletterType, () => jsonAnswer(added, { status: 201 }));
    const refreshed = vi.fn();
    window.addEventListener('refreshpublication', refreshed);
    renderPublications();
    openAddBlock();
    const panel = await screen.findByRole('dialog', { name: 'Blok toevoegen' });

    await user.click(await within(panel).findByRole('radio', { name: 'Agenda-item' }));
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Blok toevoegen' })).not.toBeInTheDocument(),
    );
    const post = sent.find((request) => request.method === 'POST') as SentRequest;
    expect(post.path).toBe('/api/1/env-1/publications/publication-1/type/type-newsletter/agendaitem/dynamic');
    expect(refreshed).toHaveBeenCalled();
    window.removeEventListener('refreshpublication', refreshed);
  });

  it("keeps the panel open with the server's message when the block is refused", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi(newsletterType, () =>
      jsonAnswer(
        {
          status: 400,
          message: "Het veld 'publicationTypeId' is niet het publicatietype van deze publicatie.",
          field: 'publicationTypeId',
        },
        { status: 400 },
      ),
    );
    renderPublications();
    openAddBlock();
    const panel = await screen.findByRole('dialog', { name: 'Blok toevoegen' });

    await user.click(await within(panel).findByRole('radio', { name: 'Artikel' }));
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    expect(
      await within(panel).findByText(
        "Het veld 'publicationTypeId' is niet het publicatietype van deze publicatie.",
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('radio', { name: 'Artikel' })).toBeChecked();
  });
});

describe('publication page blocks', { timeout: 60_000 }, () => {
  const publication = {
    id: 'publication-1',
    name: 'Nieuwsbrief maart',
    subject: null,
    preheader: null,
    isNotMarketing: true,
    isPublic: false,
    publicationTypeId: newsletterType.id,
    publicationTypeName: 'Nieuwsbrief',
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
  };
  const block = (id: string, blockType: string, name: string, position: number): PublicationBlock => ({
    id,
    publicationId: publication.id,
    blockType,
    name,
    position,
    content: {},
    version: 1,
    updatedAt: '2025-03-01T09:00:00.000Z',
  });

  /** A server that keeps the blocks, so reads after a change show it. */
  function fakePublicationApi() {
    let blocks = [block('b1', 'artikel', 'Artikel', 0), block('b2', 'agendaitem', 'Agenda-item', 1)];
    const renumber = (list: PublicationBlock[]) => list.map((item, position) => ({ ...item, position }));
    return mockFetch((request) => {
      const path = request.path.replace('/api/1/env-1', '');
      if (request.method === 'GET' && path === '/publications/publication-1') return jsonAnswer(publication);
      if (request.method === 'GET' && path === '/publications/publication-1/blocks') {
        return jsonAnswer({ data: blocks, total: blocks.length });
      }
      if (request.method === 'PUT' && path === '/publications/publication-1/blocks/order') {
        const { blockIds } = request.json() as { blockIds: string[] };
        blocks = renumber(blockIds.map((id) => blocks.find((item) => item.id === id) as PublicationBlock));
        return jsonAnswer({ data: blocks, total: blocks.length });
      }
      if (request.method === 'DELETE' && path.startsWith('/publications/publication-1/blocks/')) {
        blocks = renumber(blocks.filter((item) => !path.endsWith(`/${item.id}`)));
        return emptyAnswer();
      }
      return jsonAnswer({ status: 404, message: 'Deze route bestaat niet.' }, { status: 404 });
    });
  }

  const shownBlocks = () => screen.getAllByTestId('publication-block').map((item) => item.textContent);

  it('shows the publication with its flags and its blocks in order', async () => {
    fakePublicationApi();
    renderPublications('/publications/publication-1');

    expect(await screen.findByRole('heading', { name: 'Nieuwsbrief maart' })).toBeInTheDocument();
    expect(screen.getByText('Niet-marketing')).toBeInTheDocument();
    expect(screen.getByText('Niet openbaar')).toBeInTheDocument();
    await waitFor(() => expect(shownBlocks()).toEqual(['1ArtikelBlok 1', '2Agenda-itemBlok 2']));
  });

  it('moves a block up and saves the new order', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakePublicationApi();
    renderPublications('/publications/publication-1');

    await user.click(await screen.findByRole('button', { name: 'Blok 2 (Agenda-item) omhoog' }));

    await waitFor(() => expect(shownBlocks()).toEqual(['1Agenda-itemBlok 1', '2ArtikelBlok 2']));
    const put = sent.find((request) => request.method === 'PUT') as SentRequest;
    expect(put.json()).toEqual({ blockIds: ['b2', 'b1'] });
    expect(screen.getByRole('button', { name: 'Blok 1 (Agenda-item) omhoog' })).toBeDisabled();
  });

  it('removes a block after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakePublicationApi();
    renderPublications('/publications/publication-1');

    await user.click(await screen.findByRole('button', { name: 'Blok 1 (Artikel) verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Blok verwijderen' });
    expect(
      within(confirm).getByText('Weet je zeker dat je blok 1 (Artikel) wilt verwijderen?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));

    await waitFor(() => expect(shownBlocks()).toEqual(['1Agenda-itemBlok 1']));
    expect(sent.some((request) => request.method === 'DELETE' && request.path.endsWith('/blocks/b1'))).toBe(
      true,
    );
  });
});

describe('moving a block', () => {
  it('swaps it with its neighbour and never leaves the list', () => {
    expect(moveBlock(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveBlock(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveBlock(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveBlock(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
