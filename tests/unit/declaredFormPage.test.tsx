import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { required } from 'react-admin';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { emptyAnswer, jsonAnswer, mockFetch } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative, testEnvironmentId } from './support/declarativeTestApp';

interface Flow {
  id: string;
  name: string;
  title: string;
}

/** Forms (spec §3 Form): edited on a page of its own instead of a slide-over. */
const flows = defineResource<Flow>({
  name: 'flows',
  label: { one: 'Formulier', many: 'Formulieren' },
  api: {
    getList: { method: 'GET', path: '/flows' },
    getOne: { method: 'GET', path: '/flows/{id}' },
    update: { method: 'PUT', path: '/flows/{id}', body: ['name', 'title'] },
  },
  fields: [
    {
      source: 'name',
      label: 'Naam (intern)',
      kind: 'text',
      validate: required('Naam is een verplicht veld'),
    },
    { source: 'title', label: 'Titel', kind: 'text' },
  ],
  views: {
    list: { title: 'Formulieren', columns: ['name', 'title'], rowClick: 'edit' },
    edit: { as: 'page', title: 'Formulier bewerken', fields: ['name', 'title'] },
  },
  routes: { list: '/forms', edit: '/forms/:id' },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a declared form on a page', { timeout: 60_000 }, () => {
  it('loads the record, saves it with the declared call and returns to the list', async () => {
    installIntersectionObserver();
    const user = userEvent.setup({ delay: null });
    let flow: Flow = { id: 'f1', name: 'aanmelding-2025', title: 'Aanmelden' };
    const { sent } = mockFetch((request) => {
      if (request.method === 'PUT') {
        flow = { ...flow, ...(request.json() as Partial<Flow>) };
        return emptyAnswer();
      }
      return request.path.endsWith('/flows') ? jsonAnswer({ data: [flow], total: 1 }) : jsonAnswer(flow);
    });
    renderDeclarative([flows], { path: '/forms/f1' });

    const name = await screen.findByLabelText(/Naam \(intern\)/);
    await waitFor(() => expect(name).toHaveValue('aanmelding-2025'));
    await user.clear(screen.getByLabelText('Titel'));
    await user.type(screen.getByLabelText('Titel'), 'Aanmelden voor de nieuwsbrief');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('Aanmelden voor de nieuwsbrief')).toBeInTheDocument();
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/api/1/${testEnvironmentId}/flows/f1`);
    expect(put?.json()).toEqual({ name: 'aanmelding-2025', title: 'Aanmelden voor de nieuwsbrief' });
    expect(sent[0].path).toBe(`/api/1/${testEnvironmentId}/flows/f1`);
  });

  it('saves once on a double click: the button is disabled and a second submit ignored while it saves', async () => {
    installIntersectionObserver();
    const user = userEvent.setup({ delay: null });
    let flow: Flow = { id: 'f1', name: 'aanmelding-2025', title: 'Aanmelden' };
    let answerPut: () => void = () => undefined;
    const { sent } = mockFetch((request) => {
      if (request.method === 'PUT') {
        flow = { ...flow, ...(request.json() as Partial<Flow>) };
        // The save stays under way until the test lets it finish.
        return new Promise<Response>((resolve) => (answerPut = () => resolve(emptyAnswer())));
      }
      return request.path.endsWith('/flows') ? jsonAnswer({ data: [flow], total: 1 }) : jsonAnswer(flow);
    });
    renderDeclarative([flows], { path: '/forms/f1' });

    await waitFor(() => expect(screen.getByLabelText(/Naam \(intern\)/)).toHaveValue('aanmelding-2025'));
    await user.type(screen.getByLabelText('Titel'), ' nu');
    const save = screen.getByRole('button', { name: 'Opslaan' });
    await user.dblClick(save);
    // Enter in a field submits the form too, whatever the button's state.
    await user.type(screen.getByLabelText('Titel'), '{Enter}');
    await waitFor(() => expect(save).toBeDisabled());
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1);

    answerPut();
    expect(await screen.findByText('Aanmelden nu')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });
});
