import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import type { PublicationBlock, PublicationType } from '@contract/publications';
import type { SaveStatus } from '../../src/custom/blockEditor/blockAutosave';
import { createUnsavedChanges } from '../../src/custom/blockEditor/unsavedChanges';
import { UnsavedChangesGuard } from '../../src/custom/blockEditor/UnsavedChangesGuard';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { jsonAnswer, mockFetch } from './support/fetchEdge';
import { renderPublications } from './support/publicationsTestApp';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fake editor whose flush succeeds (or fails) when the test says. */
function fakeEditor(status: SaveStatus, flushTo: SaveStatus = 'saved') {
  const editor = {
    current: status,
    flushed: 0,
    status: () => editor.current,
    flush: async () => {
      editor.flushed += 1;
      editor.current = flushTo;
    },
  };
  return editor;
}

describe('the register of unsaved block edits', () => {
  it('lists the blocks whose edits the server does not have, and forgets closed editors', () => {
    const changes = createUnsavedChanges();
    const saved = fakeEditor('saved');
    const invalid = fakeEditor('invalid');
    changes.register('b1', saved);
    const close = changes.register('b2', invalid);
    expect(changes.unsavedIds()).toEqual(['b2']);

    saved.current = 'pending';
    changes.changed();
    expect(changes.unsavedIds()).toEqual(['b1', 'b2']);
    close();
    expect(changes.unsavedIds()).toEqual(['b1']);
  });

  it('saves waiting edits before leaving, and only lets go when everything is saved', async () => {
    const changes = createUnsavedChanges();
    const waiting = fakeEditor('pending');
    changes.register('b1', waiting);
    expect(await changes.settle()).toBe(true);
    expect(waiting.flushed).toBe(1);

    const refused = fakeEditor('pending', 'failed');
    const invalid = fakeEditor('invalid');
    changes.register('b2', refused);
    changes.register('b3', invalid);
    expect(await changes.settle()).toBe(false);
    // A draft that breaks a rule is never sent: only the user can fix or discard it.
    expect(invalid.flushed).toBe(0);
  });
});

describe('leaving a publication page with a refused block edit', { timeout: 60_000 }, () => {
  const type: PublicationType = {
    id: 'type-newsletter',
    name: 'Nieuwsbrief',
    templates: [],
    repeatableGroups: [
      {
        type: 'artikel',
        name: 'Artikel',
        fields: [{ name: 'title', label: 'Titel', kind: 'shortText', required: true, maxLength: 120 }],
      },
    ],
  };
  const block: PublicationBlock = {
    id: 'b1',
    publicationId: 'publication-1',
    blockType: 'artikel',
    name: 'Artikel',
    position: 0,
    content: { title: 'Afvalkalender 2025' },
    version: 1,
    updatedAt: '2025-03-01T09:00:00.000Z',
  };
  const publication = {
    id: 'publication-1',
    name: 'Nieuwsbrief maart',
    isNotMarketing: false,
    isPublic: false,
    publicationTypeId: type.id,
    publicationTypeName: 'Nieuwsbrief',
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
  };

  function fakeApi() {
    return mockFetch((request) => {
      const path = request.path.replace('/api/1/env-1', '');
      if (path === '/publications/publication-1') return jsonAnswer(publication);
      if (path === '/publications/publication-1/blocks') return jsonAnswer({ data: [block], total: 1 });
      // No content variants (GET …/variants answers an array).
      if (path === '/publications/publication-1/variants') return jsonAnswer([]);
      if (path === `/publicationtypes/${type.id}`) return jsonAnswer(type);
      if (path.startsWith('/publications/') && path.endsWith('/render'))
        return jsonAnswer({ html: '', text: '' });
      if (path.startsWith('/publications')) return jsonAnswer({ data: [], total: 0 });
      return jsonAnswer({ status: 404, message: 'Deze route bestaat niet.' }, { status: 404 });
    });
  }

  it('asks first: staying keeps the draft and its marked field, leaving on purpose goes', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeApi();
    renderPublications('/publications/publication-1');

    await user.click(await screen.findByRole('button', { name: /Afvalkalender/ }));
    const title = await screen.findByRole('textbox', { name: 'Titel' });
    await user.clear(title);
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    const unloading = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unloading);
    expect(unloading.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Alle publicaties' }));
    const question = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    expect(
      within(question).getByText(
        'Sommige van je wijzigingen zijn niet opgeslagen. Weet je zeker dat je ze wilt negeren?',
      ),
    ).toBeInTheDocument();

    await user.click(within(question).getByRole('button', { name: 'Blijven' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Titel' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Titel' })).toHaveAttribute('aria-invalid', 'true');

    // Closing the editor keeps the draft too; the block says it is not saved.
    await user.click(screen.getByRole('button', { name: /Afvalkalender/ }));
    expect(await screen.findByText(/Niet opgeslagen ·/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Afvalkalender/ }));
    expect(await screen.findByRole('textbox', { name: 'Titel' })).toHaveValue('');

    await user.click(screen.getByRole('link', { name: 'Alle publicaties' }));
    const again = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await user.click(within(again).getByRole('button', { name: 'Wijzigingen negeren' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Nieuwsbrief maart', hidden: true })).toBeNull(),
    );
    // The refused draft was never sent.
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);
    const afterLeaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(afterLeaving);
    expect(afterLeaving.defaultPrevented).toBe(false);
  });
});

describe('the question about unsaved edits', () => {
  it('closes by itself, and the page is left as asked, once the edit it warned about is saved', async () => {
    const user = userEvent.setup({ delay: null });
    const changes = createUnsavedChanges();
    // A save that was refused, and that later reaches the server after all.
    const editor = fakeEditor('failed', 'failed');
    changes.register('b1', editor);
    const router = createMemoryRouter(
      [
        {
          path: '/publications/p1',
          element: (
            <AdminContext i18nProvider={i18nProvider}>
              <UnsavedChangesGuard changes={changes} />
              <Link to="/publications">Alle publicaties</Link>
            </AdminContext>
          ),
        },
        { path: '/publications', element: <p>De lijst</p> },
      ],
      { initialEntries: ['/publications/p1'] },
    );
    render(<RouterProvider router={router} />);

    await user.click(screen.getByRole('link', { name: 'Alle publicaties' }));
    await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    expect(router.state.location.pathname).toBe('/publications/p1');

    editor.current = 'saved';
    act(() => changes.changed());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('De lijst');
    expect(router.state.location.pathname).toBe('/publications');
  });
});
