import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flowOptionCounts, flowSubmissions } from '../../src/resources/flowAnswers';
import { flows } from '../../src/resources/flows';
import { renderDeclarative, testEnvironmentId } from './support/declarativeTestApp';
import { jsonAnswer, mockFetch, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';

/**
 * /forms/{id}/data through the real declarations, dataProvider and HTTP layer: a read that fails says
 * so, with 'Opnieuw proberen', instead of claiming the form has no answers yet.
 */
const base = `/api/1/${testEnvironmentId}/flows/f1`;
const flow = {
  id: 'f1',
  name: 'Aanmelding',
  title: 'Aanmelding',
  submissionCount: 1,
  fields: [
    { id: 'q1', label: 'Kom je?' },
    { id: 'q2', label: 'Opmerking' },
  ],
};
const submission = {
  id: 's1',
  flowId: 'f1',
  createdAt: '2026-03-02T09:30:00.000Z',
  answers: [{ fieldId: 'q1', optionId: 'o1', value: 'Ja' }],
};
let submissions: unknown[];
let submissionsDown: boolean;

function server(request: SentRequest) {
  if (request.path === base) return jsonAnswer(flow);
  if (request.path === `${base}/counts`) return jsonAnswer([]);
  if (request.path === `${base}/submissions`) {
    if (submissionsDown)
      return jsonAnswer({ status: 503, message: 'De database is even niet bereikbaar.' }, { status: 503 });
    return jsonAnswer({ data: submissions, total: submissions.length });
  }
  return jsonAnswer({ status: 404, message: 'Niet gevonden' }, { status: 404 });
}

beforeEach(() => {
  submissionsDown = true;
  submissions = [];
  installIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the answers of a form', { timeout: 60_000 }, () => {
  it("shows a failed read of the submissions with the server's message, not 'no answers'", async () => {
    mockFetch(server);
    const user = userEvent.setup();
    renderDeclarative([flows, flowSubmissions, flowOptionCounts], { path: '/forms/f1/data' });

    expect(await screen.findByText('De database is even niet bereikbaar.')).toBeInTheDocument();
    expect(screen.queryByText('Dit formulier is nog niet ingevuld.')).toBeNull();

    submissionsDown = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Dit formulier is nog niet ingevuld.')).toBeInTheDocument();
  });

  it('shows the form by its name, and a column per question with the answer given', async () => {
    submissionsDown = false;
    submissions = [submission];
    const { sent } = mockFetch(server);
    renderDeclarative([flows, flowSubmissions, flowOptionCounts], { path: '/forms/f1/data' });

    expect(await screen.findByRole('heading', { name: 'Antwoorden op Aanmelding' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar Aanmelding' })).toHaveAttribute('href', '/forms/f1');
    expect(screen.getByText('1 keer ingevuld')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Inzendingen' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Ingevuld op', 'Kom je?', 'Opmerking']);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1),
    ).toEqual(['Ja', '']);
    // The server's own order: newest first.
    const read = sent.find((request) => request.path === `${base}/submissions`);
    expect(read?.query.get('sort')).toBeNull();
  });
});
