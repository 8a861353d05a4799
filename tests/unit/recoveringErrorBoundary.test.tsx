import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState, type ReactNode } from 'react';
import { AdminContext, HttpError, memoryStore } from 'react-admin';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { lazyView } from '../../src/declarative/lazyView';
import { brokenViewMessage, failureMessage, unreachableMessage } from '../../src/dataProvider/serverError';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { RecoveringErrorBoundary } from '../../src/layout/RecoveringErrorBoundary';
import { consoleTheme } from '../../src/theme';

/** A view that breaks while `world.broken` is true, the way a page breaks while the server is away. */
const world = { broken: true };
function Fragile() {
  if (world.broken) throw new HttpError(unreachableMessage, 0, null);
  return <p>De pagina werkt</p>;
}

/** What was typed outside the boundary: it must survive the failure inside it. */
function TypedElsewhere() {
  const [text, setText] = useState('');
  return <input aria-label="Titel" value={text} onChange={(event) => setText(event.target.value)} />;
}

function renderAt(path: string, ui: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} theme={consoleTheme} store={memoryStore()}>
        <TypedElsewhere />
        <Link to="/lists">Lijsten</Link>
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('failureMessage: one Dutch message for whatever broke a page or panel', () => {
  it("keeps a failed call's Dutch message", () => {
    expect(failureMessage(new HttpError('Deze lijst bestaat niet meer.', 404, null))).toBe(
      'Deze lijst bestaat niet meer.',
    );
  });

  it.each([
    'Failed to fetch dynamically imported module: https://localhost/assets/Panel-abc.js',
    'Importing a module script failed.',
    'error loading dynamically imported module',
  ])('says the server is away when a view\'s code could not be downloaded ("%s")', (message) => {
    expect(failureMessage(new TypeError(message))).toBe(unreachableMessage);
  });

  it('never shows an English exception', () => {
    expect(failureMessage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      brokenViewMessage,
    );
    expect(failureMessage('something')).toBe(brokenViewMessage);
  });
});

describe('RecoveringErrorBoundary', () => {
  it("shows the Dutch failure in place of the page only, and 'Opnieuw proberen' brings the page back", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    world.broken = true;
    renderAt(
      '/publications',
      <RecoveringErrorBoundary>
        <Fragile />
      </RecoveringErrorBoundary>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Titel' }), 'Nieuws uit de wijk');

    expect(await screen.findByText(unreachableMessage)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Titel' })).toHaveValue('Nieuws uit de wijk');

    world.broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));

    expect(await screen.findByText('De pagina werkt')).toBeInTheDocument();
    expect(screen.queryByText(unreachableMessage)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Titel' })).toHaveValue('Nieuws uit de wijk');
  });

  it('recovers by itself when the user goes to another page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    world.broken = true;
    renderAt(
      '/publications',
      <RecoveringErrorBoundary>
        <Routes>
          <Route path="/publications" element={<Fragile />} />
          <Route path="/lists" element={<p>Alle lijsten</p>} />
        </Routes>
      </RecoveringErrorBoundary>,
    );
    expect(await screen.findByText(unreachableMessage)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Lijsten' }));

    expect(await screen.findByText('Alle lijsten')).toBeInTheDocument();
    expect(screen.queryByText(unreachableMessage)).not.toBeInTheDocument();
  });

  it("downloads a view's code again on 'Opnieuw proberen' after the download failed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let downloadable = false;
    const load = vi.fn(async () => {
      if (!downloadable) throw new TypeError('Failed to fetch dynamically imported module: /assets/Panel.js');
      return { Panel: () => <p>Het paneel is er</p> };
    });
    const Panel = lazyView(load, 'Panel');
    renderAt(
      '/publications',
      <RecoveringErrorBoundary>
        <Suspense fallback={<p>Laden…</p>}>
          <Panel />
        </Suspense>
      </RecoveringErrorBoundary>,
    );
    expect(await screen.findByText(unreachableMessage)).toBeInTheDocument();
    // Not downloaded again and again while the server is away: only when asked.
    const attempts = load.mock.calls.length;
    expect(attempts).toBeLessThanOrEqual(2);

    downloadable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));

    expect(await screen.findByText('Het paneel is er')).toBeInTheDocument();
  });
});
