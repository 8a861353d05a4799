import type { Journey, JourneyGraph } from '@contract/journeys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  emptyGraph,
  fakeJourneysApi,
  journey,
  publication,
  type JourneysState,
} from './support/fakeJourneysApi';
import { jsonAnswer, type SentRequest } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderJourneys } from './support/journeysTestApp';

// The journey's page as a user works it: steps added, moved and deleted, a condition's branches, and
// the state changes that ask first. The network edge is the fake journeys API (checked against the
// contract in fakeJourneysContract.test.ts); everything above fetch is the console's own code.

const ids = {
  journey: '0b1e0d7a-0000-4000-8000-000000000010',
  newsletter: '0b1e0d7a-0000-4000-8000-000000000012',
  type: '0b1e0d7a-0000-4000-8000-000000000013',
  template: '0b1e0d7a-0000-4000-8000-000000000014',
  invitationType: '0b1e0d7a-0000-4000-8000-000000000015',
  invitationTemplate: '0b1e0d7a-0000-4000-8000-000000000016',
};

function state(overrides: Partial<Journey> = {}): JourneysState {
  return {
    lists: [],
    subscribers: [],
    unsubscribers: [],
    audiences: [],
    journeys: [journey({ id: ids.journey, name: 'Welkom', ...overrides })],
    publications: [
      publication({ id: ids.newsletter, name: 'Nieuwsbrief maart', publicationTypeId: ids.type }),
    ],
    publicationTypes: [
      {
        id: ids.type,
        name: 'Nieuwsbrief',
        templates: [{ id: ids.template, name: 'Standaard' }],
        repeatableGroups: [],
      },
      {
        id: ids.invitationType,
        name: 'Uitnodiging',
        templates: [{ id: ids.invitationTemplate, name: 'Uitnodiging' }],
        repeatableGroups: [],
      },
    ],
  };
}

/** Send 'a', then wait 'b', then end 'c'. */
function threeSteps(): JourneyGraph {
  return {
    ...emptyGraph(),
    start: 'a',
    steps: [
      { id: 'a', kind: 'send', publicationId: ids.newsletter, templateId: ids.template, next: 'b' },
      { id: 'b', kind: 'wait', wait: { type: 'duration', minutes: 1440 }, next: 'c' },
      { id: 'c', kind: 'end' },
    ],
  };
}

const savedGraph = (sent: SentRequest[]) => {
  const put = sent.filter((request) => request.method === 'PUT' && request.path.endsWith(ids.journey)).at(-1);
  expect(put, 'the journey was saved').toBeDefined();
  return (put!.json() as { graph: JourneyGraph }).graph;
};

async function choose(user: UserEvent, scope: HTMLElement, label: RegExp, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const page = () => `/journeys/${ids.journey}`;
const steps = () => screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));

beforeEach(() => {
  installIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the journey editor', { timeout: 60_000 }, () => {
  it("adds steps at the end of the chain ('Stap toevoegen' with the chosen kind), named readably, and saves them in order", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeJourneysApi(state());
    renderJourneys(page());

    await user.click(await screen.findByRole('button', { name: 'Stap toevoegen' }));
    // Named after its kind, then after its publication: readable, not 'stap1'.
    const first = await screen.findByRole('region', { name: 'Verstuur publicatie (verstuur-publicatie)' });
    await choose(user, first, /^Publicatie/, 'Nieuwsbrief maart');
    await screen.findByRole('region', { name: 'Verstuur publicatie (nieuwsbrief-maart)' });
    await choose(user, document.body, /^Soort \(stap toevoegen\)/, 'Wacht');
    await user.click(screen.getByRole('button', { name: 'Stap toevoegen' }));
    await screen.findByRole('region', { name: 'Wacht (wacht)' });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await screen.findByText('De journey is opgeslagen.');
    const graph = savedGraph(sent);
    expect(graph.start).toBe('nieuwsbrief-maart');
    expect(graph.steps).toEqual([
      {
        id: 'nieuwsbrief-maart',
        kind: 'send',
        publicationId: ids.newsletter,
        templateId: '',
        next: 'wacht',
      },
      { id: 'wacht', kind: 'wait', wait: { type: 'duration', minutes: 1440 }, next: null },
    ]);
  });

  it('moves a step up and down its chain; the first cannot go up, and nothing moves past an end', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeJourneysApi(state({ graph: threeSteps() }));
    renderJourneys(page());

    await screen.findByRole('region', { name: 'Wacht (b)' });
    expect(screen.getByRole('button', { name: 'Verstuur publicatie (a) omhoog' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Wacht (b) omlaag' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Wacht (b) omhoog' }));
    expect(steps().slice(-3)).toEqual(['Wacht (b)', 'Verstuur publicatie (a)', 'Einde (c)']);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await screen.findByText('De journey is opgeslagen.');
    const graph = savedGraph(sent);
    expect(graph.start).toBe('b');
    expect(graph.steps.find((step) => step.id === 'b')).toMatchObject({ next: 'a' });
    expect(graph.steps.find((step) => step.id === 'a')).toMatchObject({ next: 'c' });

    await user.click(screen.getByRole('button', { name: 'Wacht (b) omlaag' }));
    expect(steps().slice(-3)).toEqual(['Verstuur publicatie (a)', 'Wacht (b)', 'Einde (c)']);
  });

  it('deletes a step: what came after it follows the step before', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeJourneysApi(state({ graph: threeSteps() }));
    renderJourneys(page());

    await user.click(await screen.findByRole('button', { name: 'Wacht (b) verwijderen' }));
    expect(screen.queryByRole('region', { name: 'Wacht (b)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await screen.findByText('De journey is opgeslagen.');
    const graph = savedGraph(sent);
    expect(graph.steps.map((step) => step.id)).toEqual(['a', 'c']);
    expect(graph.steps[0]).toMatchObject({ next: 'c' });
  });

  it("edits a condition's branches: each of 'Ja' and 'Nee' adds its own steps", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeJourneysApi(state());
    renderJourneys(page());

    await screen.findByRole('button', { name: 'Stap toevoegen' });
    await choose(user, document.body, /^Soort \(stap toevoegen\)/, 'Voorwaarde');
    await user.click(await screen.findByRole('button', { name: 'Stap toevoegen' }));
    const condition = await screen.findByRole('region', { name: 'Voorwaarde (voorwaarde)' });
    // 'Voorwaarde op: Veld', then which field: one 'Veld' on screen, not two.
    expect(within(condition).getAllByText('Veld', { exact: true })).toHaveLength(1);
    expect(within(condition).getByRole('combobox', { name: /^Veld van de persoon/ })).toBeInTheDocument();
    await user.type(within(condition).getByRole('textbox', { name: 'Waarde' }), 'Zuiderveen');
    // A condition ends its chain: its branches have a 'Stap toevoegen' each, 'Ja' first.
    const [yes, no] = screen.getAllByRole('button', { name: 'Stap toevoegen' });
    expect(screen.getAllByRole('button', { name: 'Stap toevoegen' })).toHaveLength(2);
    await user.click(no);
    await screen.findByRole('region', { name: 'Verstuur publicatie (verstuur-publicatie)' });
    await user.click(yes);
    await screen.findByRole('region', { name: 'Verstuur publicatie (verstuur-publicatie-2)' });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await screen.findByText('De journey is opgeslagen.');
    const graph = savedGraph(sent);
    expect(graph.start).toBe('voorwaarde');
    expect(graph.steps.find((step) => step.id === 'voorwaarde')).toEqual({
      id: 'voorwaarde',
      kind: 'condition',
      condition: { kind: 'field', field: 'city', operator: 'IsEqual', value: 'Zuiderveen' },
      yes: 'verstuur-publicatie-2',
      no: 'verstuur-publicatie',
    });

    // Deleting the condition takes its 'Nee' branch with it; 'Ja' takes its place.
    await user.click(screen.getByRole('button', { name: 'Voorwaarde (voorwaarde) verwijderen' }));
    expect(
      screen.queryByRole('region', { name: 'Verstuur publicatie (verstuur-publicatie)' }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Verstuur publicatie (verstuur-publicatie-2)' }),
    ).toBeInTheDocument();
  });

  it("offers only the templates of the chosen publication's type", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeJourneysApi(state());
    renderJourneys(page());

    await user.click(await screen.findByRole('button', { name: 'Stap toevoegen' }));
    const added = await screen.findByRole('region', { name: 'Verstuur publicatie (verstuur-publicatie)' });
    await choose(user, added, /^Publicatie/, 'Nieuwsbrief maart');
    const send = await screen.findByRole('region', { name: 'Verstuur publicatie (nieuwsbrief-maart)' });
    await user.click(within(send).getByRole('combobox', { name: /^Sjabloon/ }));
    await screen.findByRole('option', { name: 'Standaard' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Standaard']);
    await user.click(screen.getByRole('option', { name: 'Standaard' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await screen.findByText('De journey is opgeslagen.');
    expect(savedGraph(sent).steps[0]).toMatchObject({
      publicationId: ids.newsletter,
      templateId: ids.template,
    });
  });

  it("shows a step's errors and the newest one ('Laatste fout') under its counts", async () => {
    const data = state({ state: 'Actief', graph: threeSteps(), versionNumber: 1 });
    data.counts = {
      [ids.journey]: [
        {
          stepId: 'a',
          now: 0,
          passed: 8,
          errors: 8,
          lastError: 'De publicatie of de template bestaat niet meer.',
        },
      ],
    };
    fakeJourneysApi(data);
    renderJourneys(page());

    const send = await screen.findByRole('region', { name: 'Verstuur publicatie (a)' });
    expect(await within(send).findByText('Nu hier: 0 · Gepasseerd: 8 · Fouten: 8')).toBeInTheDocument();
    expect(
      within(send).getByText('Laatste fout: De publicatie of de template bestaat niet meer.'),
    ).toBeInTheDocument();
  });

  it("asks before 'Stoppen', which cannot be undone, and stops only when confirmed", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeJourneysApi(state({ state: 'Actief', graph: threeSteps(), versionNumber: 1 }));
    renderJourneys(page());
    const stops = () => sent.filter((request) => request.path.endsWith('/stop'));

    await user.click(await screen.findByRole('button', { name: 'Stoppen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welkom stoppen' });
    expect(within(dialog).getByText(/Dit kun je niet ongedaan maken/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stops()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Stoppen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Welkom stoppen' })).getByRole('button', {
        name: 'Stoppen',
      }),
    );
    await screen.findByText('De journey is gestopt.');
    expect(stops()).toHaveLength(1);
    // Stopped for good: nothing left to pause, resume, stop or publish.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stoppen' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Publiceren' })).not.toBeInTheDocument();
  });

  it("asks before 'Pauzeren' and 'Publiceren'; 'Hervatten' runs at once", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeJourneysApi(state({ state: 'Actief', graph: threeSteps(), versionNumber: 1 }));
    renderJourneys(page());

    await user.click(await screen.findByRole('button', { name: 'Pauzeren' }));
    const pause = await screen.findByRole('dialog', { name: 'Welkom pauzeren' });
    await user.click(within(pause).getByRole('button', { name: 'Pauzeren' }));
    await screen.findByText('De journey is gepauzeerd.');
    await user.click(await screen.findByRole('button', { name: 'Hervatten' }));
    await screen.findByText('De journey loopt weer.');

    await user.click(await screen.findByRole('button', { name: 'Wacht (b) verwijderen' }));
    await user.click(screen.getByRole('button', { name: 'Publiceren' }));
    const publish = await screen.findByRole('dialog', { name: 'Wijzigingen aan Welkom publiceren' });
    expect(sent.filter((request) => request.path.endsWith('/publish'))).toEqual([]);
    await user.click(within(publish).getByRole('button', { name: 'Publiceren' }));
    await screen.findByText('De wijzigingen zijn gepubliceerd.');
    // The edits are saved first, then published.
    expect(savedGraph(sent).steps.map((step) => step.id)).toEqual(['a', 'c']);
    expect(sent.filter((request) => request.path.endsWith('/publish'))).toHaveLength(1);
  });

  it("shows the server's refusal of a publish on the page and keeps what was typed", async () => {
    const user = userEvent.setup({ delay: null });
    fakeJourneysApi(state(), (request) =>
      request.path.endsWith('/publish')
        ? jsonAnswer(
            { status: 400, message: 'De journey kan niet worden geactiveerd: Kies minstens één trigger.' },
            { status: 400 },
          )
        : undefined,
    );
    renderJourneys(page());

    await user.click(await screen.findByRole('button', { name: 'Stap toevoegen' }));
    await user.click(screen.getByRole('button', { name: 'Activeren' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Welkom activeren' })).getByRole('button', {
        name: 'Activeren',
      }),
    );
    await screen.findByText('De journey kan niet worden geactiveerd: Kies minstens één trigger.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      screen.getByRole('region', { name: 'Verstuur publicatie (verstuur-publicatie)' }),
    ).toBeInTheDocument();
  });

  it("shows a person's timeline, and says so when the address is refused (no unhandled rejection)", async () => {
    const user = userEvent.setup({ delay: null });
    const data = state();
    data.timelines = {
      'anne@voorbeeld.nl': [
        {
          stepId: 'a',
          stepKind: 'send',
          visit: 1,
          at: '2025-03-02T09:00:00.000Z',
          result: 'Publicatie verzonden.',
          status: 'Gelukt',
        },
      ],
    };
    fakeJourneysApi(data, (request) =>
      request.path.endsWith('/timeline') && request.query.get('email') === 'x'
        ? jsonAnswer({ status: 400, message: 'E-mailadres: te kort.' }, { status: 400 })
        : undefined,
    );
    renderJourneys(page());

    const address = await screen.findByRole('textbox', { name: 'E-mailadres' });
    await user.type(address, 'x');
    await user.click(screen.getByRole('button', { name: 'Tijdlijn tonen' }));
    expect(await screen.findByText('E-mailadres: te kort.')).toBeInTheDocument();

    await user.clear(address);
    await user.type(address, 'anne@voorbeeld.nl');
    await user.click(screen.getByRole('button', { name: 'Tijdlijn tonen' }));
    const timeline = await screen.findByRole('list', { name: 'Tijdlijn' });
    expect(
      within(timeline).getByText(/Verstuur publicatie \(a\): Publicatie verzonden\./),
    ).toBeInTheDocument();
    expect(screen.queryByText('E-mailadres: te kort.')).not.toBeInTheDocument();
  });
});
