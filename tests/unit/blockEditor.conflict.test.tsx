import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, mergeTranslations, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { FieldDefinition, PublicationBlock } from '@contract/publications';
import { BlockEditor } from '../../src/custom/blockEditor/BlockEditor';
import type { Timer } from '../../src/custom/blockEditor/blockAutosave';
import { withAfterSave } from '../../src/dataProvider/withAfterSave';
import { declarativeNl } from '../../src/i18n/declarative.nl';
import { nl } from '../../src/i18n/nl';
import { publicationBlocks } from '../../src/resources/publicationBlocks';
import { createTestDataProvider } from './support/declarativeTestApp';
import { jsonAnswer, mockFetch } from './support/fetchEdge';

const fields: FieldDefinition[] = [
  { name: 'title', label: 'Titel', kind: 'shortText', required: true, maxLength: 120 },
  { name: 'location', label: 'Locatie', kind: 'shortText', required: false, maxLength: 200 },
];

const block: PublicationBlock = {
  id: 'block-1',
  publicationId: 'publication-1',
  blockType: 'agendaitem',
  name: 'Agenda-item',
  position: 0,
  content: { title: 'Begin' },
  version: 2,
  updatedAt: '2025-03-01T09:00:00.000Z',
};

/** The autosave's pause, run by the test instead of by time passing. */
function manualTimer() {
  let pending: (() => void) | undefined;
  const timer: Timer = {
    set: (run) => (pending = run),
    clear: (handle) => {
      if (pending === handle) pending = undefined;
    },
  };
  return { timer, pause: () => act(() => pending?.()) };
}

function renderEditor(timer: Timer) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const dataProvider = withAfterSave(
    createTestDataProvider([publicationBlocks]),
    [publicationBlocks],
    queryClient,
  );
  const i18nProvider = polyglotI18nProvider(() => mergeTranslations(nl, declarativeNl), 'nl');
  render(
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={memoryStore()}
    >
      <BlockEditor block={block} fields={fields} timer={timer} />
    </AdminContext>,
  );
}

const blockPath = '/api/1/env-1/publications/publication-1/blocks/block-1';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('block editor', { timeout: 30_000 }, () => {
  it('says someone else saved the block, keeps the typed text, and loads the other version on request', async () => {
    const user = userEvent.setup({ delay: null });
    const { timer, pause } = manualTimer();
    const { sent } = mockFetch((request) => {
      if (request.method === 'PUT' && request.path === blockPath) {
        return jsonAnswer(
          { status: 409, message: 'Dit blok is intussen door iemand anders gewijzigd.', field: 'version' },
          { status: 409 },
        );
      }
      if (request.method === 'GET' && request.path === blockPath) {
        return jsonAnswer({ ...block, content: { title: 'Hun titel', location: 'Raadzaal' }, version: 3 });
      }
      return jsonAnswer({ status: 404, message: 'Niet gevonden' }, { status: 404 });
    });
    renderEditor(timer);
    const title = screen.getByRole('textbox', { name: 'Titel' });

    await user.clear(title);
    await user.type(title, 'Mijn titel');
    expect(screen.getByRole('status')).toHaveTextContent('Bezig met opslaan…');
    expect(sent).toEqual([]);
    await pause();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Iemand anders heeft dit blok intussen gewijzigd',
    );
    expect(sent.map((request) => [request.method, request.json()])).toEqual([
      ['PUT', { content: { title: 'Mijn titel' }, version: 2 }],
    ]);
    expect(title).toHaveValue('Mijn titel');

    // Typing on during the conflict keeps the text and sends nothing.
    await user.type(title, '!');
    expect(title).toHaveValue('Mijn titel!');
    expect(sent).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Andere versie laden' }));
    await waitFor(() => expect(title).toHaveValue('Hun titel'));
    expect(screen.getByRole('textbox', { name: 'Locatie' })).toHaveValue('Raadzaal');
    expect(screen.getByRole('status')).toHaveTextContent('Opgeslagen');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('saves over the other version from its version when asked', async () => {
    const user = userEvent.setup({ delay: null });
    const { timer, pause } = manualTimer();
    const { sent } = mockFetch((request) => {
      if (request.method === 'PUT') {
        const { version } = request.json() as { version: number };
        return version === 2
          ? jsonAnswer({ status: 409, message: 'Gewijzigd.', field: 'version' }, { status: 409 })
          : jsonAnswer({ ...block, content: { title: 'Mijn titel' }, version: 5 });
      }
      return jsonAnswer({ ...block, content: { title: 'Hun titel' }, version: 4 });
    });
    renderEditor(timer);
    const title = screen.getByRole('textbox', { name: 'Titel' });
    await user.clear(title);
    await user.type(title, 'Mijn titel');
    await pause();
    await screen.findByRole('alert');

    await user.click(screen.getByRole('button', { name: 'Mijn versie opslaan' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Opgeslagen'));
    expect(sent.filter((request) => request.method === 'PUT').map((request) => request.json())).toEqual([
      { content: { title: 'Mijn titel' }, version: 2 },
      { content: { title: 'Mijn titel' }, version: 4 },
    ]);
    expect(title).toHaveValue('Mijn titel');
  });

  it('does not save a draft that breaks a rule, and says which field', async () => {
    const user = userEvent.setup({ delay: null });
    const { timer, pause } = manualTimer();
    const { sent } = mockFetch(() => jsonAnswer({}));
    renderEditor(timer);

    await user.clear(screen.getByRole('textbox', { name: 'Titel' }));
    await pause();

    expect(screen.getByText('Titel is een verplicht veld')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Niet opgeslagen: controleer de gemarkeerde velden.',
    );
    expect(sent).toEqual([]);
  });
});
