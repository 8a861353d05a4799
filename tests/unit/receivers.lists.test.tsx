import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListImport } from '@contract/listImports';
import { receiverResources } from './support/receiverResources';
import { renderDeclarative } from './support/declarativeTestApp';
import { fakeReceiversApi, receiverList, subscriber, type ReceiversState } from './support/fakeReceiversApi';
import { jsonAnswer } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';

const residents = receiverList({
  id: 'list-residents',
  title: 'Nieuwsbrief bewoners',
  subscriberCount: 1,
  attributeLabel1: 'Wijk',
  attributeLabel3: 'Lid sinds',
});

function state(): ReceiversState {
  return {
    lists: [residents, receiverList({ id: 'list-entrepreneurs', title: 'Ondernemers Zuiderveen' })],
    subscribers: [
      subscriber({
        id: 'subscriber-1',
        listId: residents.id,
        name: 'Karin de Wit',
        email: 'karin@voorbeeld.nl',
        attribute1: 'Centrum',
      }),
    ],
    unsubscribers: [],
    audiences: [],
  };
}

beforeEach(() => {
  installIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lists', { timeout: 60_000 }, () => {
  it("requires a name in 'Nieuwe Lijst' ('Naam is een verplicht veld') and sends nothing until there is one", async () => {
    const user = userEvent.setup({ delay: null });
    const data = state();
    const { sent } = fakeReceiversApi(data);
    renderDeclarative(receiverResources, { path: '/recievers/lists/' });

    expect(await screen.findByText('Ondernemers Zuiderveen')).toBeInTheDocument();
    expect(sent[0].query.get('isDeleted')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Nieuwe Lijst' }));
    const panel = await screen.findByRole('dialog', { name: 'Nieuwe Lijst' });
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    expect(await within(panel).findByText('Naam is een verplicht veld')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(within(panel).getByLabelText(/Naam/), 'Vrijwilligers');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Nieuwe Lijst' })).not.toBeInTheDocument(),
    );
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/api/1/env-1/list/manual');
    expect(post?.query.get('title')).toBe('Vrijwilligers');
    expect(await screen.findByText('Vrijwilligers')).toBeInTheDocument();
  });

  it("refuses a label that repeats another in 'Labels aanpaasen' and sends the spec's AttributeLabel body", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeReceiversApi(state());
    renderDeclarative(receiverResources, { path: `/recievers/lists/${residents.id}` });

    await user.click(await screen.findByRole('button', { name: 'Labels aanpaasen' }));
    const panel = await screen.findByRole('dialog', { name: 'Labels aanpaasen' });
    expect(within(panel).getByText(/hoogstens negen unieke velden/)).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('Label 2'), 'wijk');
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));

    expect(
      (
        await within(panel).findAllByText(
          'Dit label komt al voor; een lijst heeft hoogstens negen unieke velden.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(sent.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.clear(within(panel).getByLabelText('Label 2'));
    await user.type(within(panel).getByLabelText('Label 2'), 'Interesse');
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/api/1/env-1/list/manual/${residents.id}/attributes`);
    expect(put?.json()).toMatchObject({
      AttributeLabel1: 'Wijk',
      AttributeLabel2: 'Interesse',
      AttributeLabel3: 'Lid sinds',
      AttributeLabel4: null,
    });
    // The list page shows the new label, also as a column of the subscribers table.
    expect(await screen.findByRole('columnheader', { name: 'Interesse' })).toBeInTheDocument();
  });

  it("renames a list with its test flag in 'Naam aanpassen'", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeReceiversApi(state());
    renderDeclarative(receiverResources, { path: `/recievers/lists/${residents.id}` });

    await user.click(await screen.findByRole('button', { name: 'Naam aanpassen' }));
    const panel = await screen.findByRole('dialog', { name: 'Naam aanpassen' });
    const name = within(panel).getByLabelText(/Naam/);
    await user.clear(name);
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(await within(panel).findByText('Naam is een verplicht veld')).toBeInTheDocument();

    await user.type(name, 'Bewonersbrief');
    await user.click(within(panel).getByLabelText('Testlijst'));
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.query.get('title')).toBe('Bewonersbrief');
    expect(put?.query.get('isTest')).toBe('true');
  });

  it('offers the import wizard, and shows a running import instead when the list has one', async () => {
    fakeReceiversApi(state());
    const first = renderDeclarative(receiverResources, { path: `/recievers/lists/${residents.id}/import` });
    // The wizard is its own chunk (lazyView): on a busy machine its first transform takes seconds.
    expect(
      await screen.findByRole('heading', { name: `Importeren in ${residents.title}` }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    for (const step of ['Bestand', 'Soort import', 'Kolommen', 'Toestemming'])
      expect(screen.getAllByText(step).length).toBeGreaterThan(0);
    expect(
      screen.getByText('Sleep een CSV-bestand hierheen of klik om er een te kiezen'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volgende' })).toBeDisabled();
    first.unmount();

    const running: ListImport = {
      id: 'import-1',
      listId: residents.id,
      status: 'Bezig',
      mode: 'add',
      mapping: { 0: 'name', 1: 'email' },
      fileName: 'leden.csv',
      fileBytes: 80_000,
      encoding: 'utf-8',
      delimiter: ';',
      rowsDone: 2_000,
      rowsEstimated: 8_000,
      rowsPerSecond: 1_000,
      added: 1_900,
      updated: 0,
      skippedDuplicate: 50,
      skippedUnsubscribed: 0,
      skippedMissing: 0,
      optedOut: 0,
      refused: 50,
      error: null,
      startedAt: '2025-02-01T09:00:00.000Z',
      finishedAt: null,
    };
    fakeReceiversApi({ ...state(), imports: [running] });
    renderDeclarative(receiverResources, { path: `/recievers/lists/${residents.id}/import` });
    expect(
      await screen.findByText('2.000 van ongeveer 8.000 rijen', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('1.000 rijen per seconde')).toBeInTheDocument();
    expect(screen.getByText('Nog ongeveer 6 seconden')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeInTheDocument();
  });

  it("lists the earlier imports in the declared table; a row opens that import's result at its own address", async () => {
    const user = userEvent.setup({ delay: null });
    const earlier = (id: string, fileName: string, startedAt: string, refused: number): ListImport => ({
      id,
      listId: residents.id,
      status: 'Voltooid',
      mode: 'add',
      mapping: { 0: 'name', 1: 'email' },
      fileName,
      fileBytes: 1_000,
      encoding: 'utf-8',
      delimiter: ';',
      rowsDone: 12,
      rowsEstimated: 12,
      rowsPerSecond: 0,
      added: 12 - refused,
      updated: 0,
      skippedDuplicate: 0,
      skippedUnsubscribed: 0,
      skippedMissing: 0,
      optedOut: 0,
      refused,
      error: null,
      startedAt,
      finishedAt: startedAt,
    });
    fakeReceiversApi({
      ...state(),
      imports: [
        earlier('import-2', 'maart.csv', '2025-03-01T09:00:00.000Z', 0),
        earlier('import-1', 'februari.csv', '2025-02-01T09:00:00.000Z', 2),
      ],
    });
    renderDeclarative(receiverResources, { path: `/recievers/lists/${residents.id}/import` });

    const table = await screen.findByRole('table', { name: 'Eerdere imports' });
    expect(await within(table).findByText('maart.csv')).toBeInTheDocument();
    expect(within(table).getByText('februari.csv')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Geweigerd' })).toBeInTheDocument();

    const february = within(table).getByText('februari.csv').closest('tr') as HTMLElement;
    await user.click(within(february).getAllByRole('link')[0]!);

    // The result of that import, with its refused rows, on its page.
    expect(
      await screen.findByRole('heading', { name: 'Geweigerde rijen' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});

describe('subscribers of a list', { timeout: 60_000 }, () => {
  it('shows the consent note, requires name and e-mail address and offers attribute inputs only for set labels', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeReceiversApi(state());
    renderDeclarative(receiverResources, { path: `/recievers/lists/${residents.id}` });

    expect(await screen.findByRole('cell', { name: 'karin@voorbeeld.nl' })).toBeInTheDocument();
    // A column per label the list has set.
    expect(screen.getByRole('columnheader', { name: 'Wijk' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nieuwe ontvanger' }));
    const panel = await screen.findByRole('dialog', { name: 'Nieuwe ontvanger' });

    expect(
      within(panel).getByText('Je dient wel een toestemming hiervoor te hebben verkregen.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('radio', { name: 'Persoon' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'Organisatie' })).not.toBeChecked();
    expect(await within(panel).findByLabelText('Wijk')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Lid sinds')).toBeInTheDocument();
    expect(within(panel).queryByLabelText(/Attribuut/)).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText('Naam is een verplicht veld')).toBeInTheDocument();
    expect(within(panel).getByText('E-mailadres is een verplicht veld')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(within(panel).getByLabelText(/^Naam/), 'Ahmed Bouzid');
    await user.type(within(panel).getByLabelText(/^E-mailadres/), 'ahmed@voorbeeld.nl');
    await user.click(within(panel).getByRole('radio', { name: 'Organisatie' }));
    await user.type(within(panel).getByLabelText('Wijk'), 'Noord');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Nieuwe ontvanger' })).not.toBeInTheDocument(),
    );
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.path).toBe(`/api/1/env-1/list/manual/${residents.id}/subscriber`);
    expect(post?.json()).toMatchObject({
      name: 'Ahmed Bouzid',
      email: 'ahmed@voorbeeld.nl',
      isOrganization: true,
      attribute1: 'Noord',
    });
    expect(await screen.findByRole('cell', { name: 'ahmed@voorbeeld.nl' })).toBeInTheDocument();
  });

  it("keeps the panel open with the input when the address is taken (409): 'E-mailadres is al in gebruik binnen deze lijst.'", async () => {
    const user = userEvent.setup({ delay: null });
    fakeReceiversApi(state(), (request) =>
      request.method === 'POST'
        ? jsonAnswer(
            { status: 409, message: 'E-mailadres is al in gebruik binnen deze lijst.', field: 'email' },
            { status: 409 },
          )
        : undefined,
    );
    renderDeclarative(receiverResources, { path: `/recievers/lists/${residents.id}` });

    await user.click(await screen.findByRole('button', { name: 'Nieuwe ontvanger' }));
    const panel = await screen.findByRole('dialog', { name: 'Nieuwe ontvanger' });
    await user.type(within(panel).getByLabelText(/^Naam/), 'Karin');
    await user.type(within(panel).getByLabelText(/^E-mailadres/), 'KARIN@voorbeeld.nl');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    // Once, under the address: no banner and no toast repeating it.
    expect(
      await within(panel).findByText('E-mailadres is al in gebruik binnen deze lijst.'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('E-mailadres is al in gebruik binnen deze lijst.')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Nieuwe ontvanger' })).toBeInTheDocument();
    expect(within(panel).getByLabelText(/^Naam/)).toHaveValue('Karin');
    expect(within(panel).getByLabelText(/^E-mailadres/)).toHaveValue('KARIN@voorbeeld.nl');
  });

  it('updates a subscriber from its row and deletes one after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const data = state();
    const { sent } = fakeReceiversApi(data);
    renderDeclarative(receiverResources, { path: `/recievers/lists/${residents.id}` });

    await user.click(await screen.findByText('Karin de Wit'));
    const panel = await screen.findByRole('dialog', { name: 'Ontvanger aanpassen' });
    expect(within(panel).getByLabelText(/^E-mailadres/)).toHaveValue('karin@voorbeeld.nl');
    expect(await within(panel).findByLabelText('Wijk')).toHaveValue('Centrum');
    await user.clear(within(panel).getByLabelText(/^Woonplaats/));
    await user.type(within(panel).getByLabelText(/^Woonplaats/), 'Zuiderveen');
    await user.click(within(panel).getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/api/1/env-1/list/manual/${residents.id}/subscriber/subscriber-1`);
    expect(put?.json()).toMatchObject({ name: 'Karin de Wit', city: 'Zuiderveen', attribute1: 'Centrum' });

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Ontvanger aanpassen' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: /verwijderen/i });
    expect(
      within(confirm).getByText('Weet je zeker dat je Karin de Wit wilt verwijderen?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));

    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE')).toBe(true));
    expect(sent.find((request) => request.method === 'DELETE')?.path).toBe(
      `/api/1/env-1/list/manual/${residents.id}/subscriber/subscriber-1`,
    );
    await waitFor(() => expect(screen.queryByText('Karin de Wit')).not.toBeInTheDocument());
  });
});

describe('a reload of a list page', { timeout: 60_000 }, () => {
  it('asks for the list and its first 250 subscribers at once, before the page renders, and the table uses that answer', async () => {
    const { sent } = fakeReceiversApi(state());
    // The list's answer waits until the subscribers have been asked for: without the prefetch the
    // table would only ask once the list had answered, and the page would never show.
    const answerOf = globalThis.fetch;
    let subscribersAsked: () => void = () => undefined;
    const asked = new Promise<void>((resolve) => (subscribersAsked = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'https://console.test').pathname;
      if (path.endsWith('/subscribers')) subscribersAsked();
      if (path.endsWith(`/list/manual/${residents.id}`)) await asked;
      return answerOf(input, init);
    });
    renderDeclarative(receiverResources, { path: `/recievers/lists/${residents.id}`, prefetch: true });

    expect(await screen.findByText('Karin de Wit')).toBeInTheDocument();
    const reads = sent.filter((request) => request.method === 'GET').map((request) => request.path);
    // The table's own read found the prefetched answer: each was asked for once.
    expect(reads.filter((path) => path.endsWith('/subscribers'))).toHaveLength(1);
    expect(reads.filter((path) => path.endsWith(residents.id))).toHaveLength(1);
  });
});
