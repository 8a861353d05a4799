import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Publication } from '@contract/publications';
import { emptyAnswer, jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderPublications } from './support/publicationsTestApp';

const publication = (id: string, name: string): Publication => ({
  id,
  name,
  subject: null,
  preheader: null,
  isNotMarketing: false,
  isPublic: false,
  senderName: null,
  publicationTypeId: 'type-newsletter',
  publicationTypeName: 'Nieuwsbrief',
  createdAt: '2025-03-01T09:00:00.000Z',
  updatedAt: '2025-03-01T09:00:00.000Z',
});

const draft = publication('publication-1', 'Nieuwsbrief maart');
const other = publication('publication-2', 'Uitnodiging bewonersavond');
const distributedMessage = 'Deze publicatie is al verspreid en kan niet worden verwijderd.';

/** A server that keeps the publications, so the list after a delete shows what is left; `onDelete` answers DELETE. */
function fakeApi(onDelete: (request: SentRequest) => Response) {
  let publications = [draft, other];
  return mockFetch((request) => {
    const path = request.path.replace('/api/1/env-1', '');
    if (request.method === 'GET' && path === '/publications/') {
      return jsonAnswer({ data: publications, total: publications.length });
    }
    const found = publications.find((item) => path === `/publications/${item.id}`);
    if (request.method === 'GET' && found) return jsonAnswer(found);
    if (request.method === 'GET' && path === `/publications/${draft.id}/blocks`) {
      return jsonAnswer({ data: [], total: 0 });
    }
    if (request.method === 'DELETE' && found) {
      const answer = onDelete(request);
      if (answer.ok) publications = publications.filter((item) => item !== found);
      return answer;
    }
    return jsonAnswer({ status: 404, message: 'Deze route bestaat niet.' }, { status: 404 });
  });
}

const deletes = (sent: SentRequest[]) => sent.filter((request) => request.method === 'DELETE');

async function openConfirmation(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { name: draft.name });
  await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
  return screen.findByRole('dialog', { name: 'Publicatie Nieuwsbrief maart verwijderen?' });
}

beforeEach(() => {
  // The publications table loads more rows when its end scrolls into view.
  installIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deleting a publication', { timeout: 60_000 }, () => {
  it('asks first, saying the blocks go with it, and sends nothing when cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(() => emptyAnswer());
    renderPublications(`/publications/${draft.id}`);

    const confirm = await openConfirmation(user);
    expect(
      within(confirm).getByText('Ook haar blokken worden verwijderd. Dit kun je niet ongedaan maken.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Annuleren' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes(sent)).toEqual([]);
    expect(screen.getByRole('heading', { name: draft.name })).toBeInTheDocument();
  });

  it('deletes after confirmation, then shows the publications without it and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(() => emptyAnswer());
    renderPublications(`/publications/${draft.id}`);

    const confirm = await openConfirmation(user);
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));

    expect(await screen.findByText('Publicatie Nieuwsbrief maart is verwijderd.')).toBeInTheDocument();
    expect(deletes(sent).map((request) => request.path)).toEqual([`/api/1/env-1/publications/${draft.id}`]);
    // The table of /publications/ replaced the page: the other publication is listed, the deleted one not.
    expect(await screen.findByText(other.name)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: draft.name })).not.toBeInTheDocument();
    expect(screen.queryByText(draft.name)).not.toBeInTheDocument();
  });

  it("shows the server's message and stays on the publication when it has delivery jobs (409)", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi(() =>
      jsonAnswer({ status: 409, message: distributedMessage, field: 'id' }, { status: 409 }),
    );
    renderPublications(`/publications/${draft.id}`);

    const confirm = await openConfirmation(user);
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));

    expect(await screen.findByText(distributedMessage)).toBeInTheDocument();
    expect(deletes(sent)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: draft.name })).toBeInTheDocument();
    expect(screen.queryByText(other.name)).not.toBeInTheDocument();
  });
});
