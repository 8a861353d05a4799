import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicationBlock, PublicationType } from '@contract/publications';
import { moveBlock, moveBlockTo } from '../../src/custom/publications/moveBlock';
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
  vi.restoreAllMocks();
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

  it('adds a block of the chosen group, closes and reads the publication again', async () => {
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
    const { queryClient } = renderPublications();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    openAddBlock();
    const panel = await screen.findByRole('dialog', { name: 'Blok toevoegen' });

    await user.click(await within(panel).findByRole('radio', { name: 'Agenda-item' }));
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Blok toevoegen' })).not.toBeInTheDocument(),
    );
    const post = sent.find((request) => request.method === 'POST') as SentRequest;
    expect(post.path).toBe('/api/1/env-1/publications/publication-1/type/type-newsletter/agendaitem/dynamic');
    // A block's change is the publication's: its page, preview and checks read again.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['publications'] });
  });

  it("keeps the panel open with the server's message when the block is refused", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi(newsletterType, () =>
      jsonAnswer(
        {
          status: 400,
          message: 'Dit is niet het publicatietype van deze publicatie.',
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
      await within(panel).findByText('Dit is niet het publicatietype van deze publicatie.'),
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
    await waitFor(() =>
      expect(shownBlocks()).toEqual(['1ArtikelNog zonder tekst', '2Agenda-itemNog zonder tekst']),
    );
  });

  it('moves a block up and saves the new order', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakePublicationApi();
    renderPublications('/publications/publication-1');

    await user.click(await screen.findByRole('button', { name: 'Blok 2 (Agenda-item) omhoog' }));

    await waitFor(() =>
      expect(shownBlocks()).toEqual(['1Agenda-itemNog zonder tekst', '2ArtikelNog zonder tekst']),
    );
    const put = sent.find((request) => request.method === 'PUT') as SentRequest;
    expect(put.json()).toEqual({ blockIds: ['b2', 'b1'] });
    expect(screen.getByRole('button', { name: 'Blok 1 (Agenda-item) omhoog' })).toBeDisabled();
  });

  it('drags a block to another place with the keyboard, announced in Dutch, and saves the new order', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakePublicationApi();
    // jsdom lays nothing out: each block gets a 60 px high row, so the keyboard sensor can find the next one.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const item = this.closest('li');
      const index = item ? [...(item.parentElement?.children ?? [])].indexOf(item) : 0;
      const top = 100 + Math.max(index, 0) * 60;
      return {
        x: 0,
        y: top,
        top,
        left: 0,
        right: 600,
        bottom: top + 60,
        width: 600,
        height: 60,
        toJSON: () => ({}),
      };
    });
    renderPublications('/publications/publication-1');

    const handle = await screen.findByRole('button', { name: 'Blok 1 (Artikel) verplaatsen' });
    handle.focus();
    await user.keyboard(' ');
    // Picked up, and over its own place at first.
    expect(await screen.findByText('Blok 1 (Artikel) staat nu op plaats 1 van 2.')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('Blok 1 (Artikel) staat nu op plaats 2 van 2.')).toBeInTheDocument();
    await user.keyboard(' ');
    expect(await screen.findByText('Blok 1 (Artikel) is neergezet op plaats 2.')).toBeInTheDocument();

    await waitFor(() =>
      expect(shownBlocks()).toEqual(['1Agenda-itemNog zonder tekst', '2ArtikelNog zonder tekst']),
    );
    const put = sent.find((request) => request.method === 'PUT') as SentRequest;
    expect(put.json()).toEqual({ blockIds: ['b2', 'b1'] });
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

    await waitFor(() => expect(shownBlocks()).toEqual(['1Agenda-itemNog zonder tekst']));
    expect(sent.some((request) => request.method === 'DELETE' && request.path.endsWith('/blocks/b1'))).toBe(
      true,
    );
  });
});

describe('moving a block', () => {
  it('drops it at another place, the blocks between shifting by one', () => {
    expect(moveBlockTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveBlockTo(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveBlockTo(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'b', 'c']);
    expect(moveBlockTo(['a', 'b', 'c'], 0, 3)).toEqual(['a', 'b', 'c']);
  });

  it('swaps it with its neighbour and never leaves the list', () => {
    expect(moveBlock(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveBlock(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveBlock(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveBlock(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
