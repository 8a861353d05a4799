import type { ListImport } from '@contract/listImports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDeclarative, testEnvironmentId } from './support/declarativeTestApp';
import { receiverList } from './support/fakeReceiversApi';
import { jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { receiverResources } from './support/receiverResources';

/**
 * An import's result on the list's import page: the declared view `listImports.views.details.import`,
 * embedded. Its refused rows are a declared table; a failed read of the import shows the error with
 * 'Opnieuw proberen' instead of loading for ever.
 */
const list = receiverList({ id: 'list-1', title: 'Bewoners' });
const ended: ListImport = {
  id: 'import-1',
  listId: list.id,
  status: 'Voltooid',
  mode: 'add',
  mapping: { 0: 'name', 1: 'email' },
  fileName: 'leden.csv',
  fileBytes: 120,
  encoding: 'utf-8',
  delimiter: ';',
  rowsDone: 3,
  rowsEstimated: 3,
  rowsPerSecond: 100,
  added: 2,
  updated: 0,
  skippedDuplicate: 0,
  skippedUnsubscribed: 0,
  skippedMissing: 0,
  optedOut: 0,
  refused: 1,
  error: null,
  startedAt: new Date().toISOString(),
  finishedAt: new Date().toISOString(),
};
const base = `/api/1/${testEnvironmentId}`;
const imports = `${base}/list/manual/${list.id}/imports`;
let importDown: boolean;

function server(request: SentRequest) {
  if (request.path === `${base}/list/manual/${list.id}`) return jsonAnswer(list);
  if (request.path === imports) return jsonAnswer([ended]);
  if (request.path === `${imports}/${ended.id}`) {
    if (importDown)
      return jsonAnswer({ status: 503, message: 'De database is even niet bereikbaar.' }, { status: 503 });
    return jsonAnswer(ended);
  }
  if (request.path === `${imports}/${ended.id}/refusals`)
    return jsonAnswer([
      { rowNumber: 4, reason: 'ongeldig e-mailadres', values: ['Kapot Adres', 'geen-adres'] },
    ]);
  return jsonAnswer({ status: 404, message: 'Niet gevonden' }, { status: 404 });
}

beforeEach(() => {
  importDown = false;
  installIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an import's result", { timeout: 60_000 }, () => {
  it('shows the counts, and the refused rows as a table with their download beside its title', async () => {
    const { sent } = mockFetch(server);
    renderDeclarative(receiverResources, { path: `/recievers/lists/${list.id}/import` });

    const result = await screen.findByTestId('import-result', {}, { timeout: 15_000 });
    expect(within(result).getByText('De import is klaar')).toBeInTheDocument();
    expect(within(screen.getByTestId('import-count-refused')).getByRole('definition')).toHaveTextContent('1');
    const refused = await screen.findByRole('table', { name: 'Geweigerde rijen' });
    const row = await within(refused).findByRole('row', { name: /ongeldig e-mailadres/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', 'ongeldig e-mailadres', 'Kapot Adres; geen-adres']);
    const region = screen.getByRole('region', { name: 'Geweigerde rijen' });
    expect(within(region).getByRole('button', { name: 'Geweigerde rijen downloaden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de lijst' })).toHaveAttribute(
      'href',
      `/recievers/lists/${list.id}`,
    );
    expect(sent.some((request) => request.path === `${imports}/${ended.id}/refusals`)).toBe(true);
  });

  it("shows a failed read of the import with 'Opnieuw proberen', not a loading state that never ends", async () => {
    importDown = true;
    mockFetch(server);
    const user = userEvent.setup();
    renderDeclarative(receiverResources, { path: `/recievers/lists/${list.id}/import` });

    expect(
      await screen.findByText('De database is even niet bereikbaar.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Gegevens worden geladen…')).toBeNull();

    importDown = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('import-result')).toBeInTheDocument();
  });
});
