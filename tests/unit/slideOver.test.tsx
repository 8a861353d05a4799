import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { email, required } from 'react-admin';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { closeSlideOver, requestSlideOver } from '../../src/slideover/events';
import { SlideOverCloseButton } from '../../src/slideover/SlideOverCloseButton';
import { SlideOverPanel } from '../../src/slideover/SlideOverPanel';
import { jsonAnswer, mockFetch } from './support/fetchEdge';
import { renderDeclarative } from './support/declarativeTestApp';

/** A hand-written panel, registered under 'greeting'; its props come from the event. */
function GreetingPanel({ name }: { name: string }) {
  return (
    <SlideOverPanel title="Hallo" actions={<SlideOverCloseButton />}>
      <p>Welkom, {name}</p>
      <label>
        Notitie
        <input />
      </label>
    </SlideOverPanel>
  );
}

/** Global unsubscribers (spec §7 `POST /unsubscribers?email=`), with the 'Nieuwe uitschrijver' panel. */
const unsubscribers = defineResource<{ id: string; email: string }>({
  name: 'unsubscribers',
  label: { one: 'Uitschrijver', many: 'Uitschrijvers' },
  api: { create: { method: 'POST', path: '/unsubscribers', query: ['email'] } },
  fields: [
    {
      source: 'email',
      label: 'E-mailadres',
      kind: 'email',
      validate: [required('Email is een verplicht veld'), email('Dit is geen geldig e-mailadres')],
    },
  ],
  views: { create: { as: 'slideOver', title: 'Nieuwe uitschrijver', fields: ['email'] } },
  invalidates: ['audiences'],
});

/** Lists to pick from, and a panel that adds one to an audience: its list is a required picker. */
const lists = defineResource<{ id: string; name: string }>({
  name: 'lists',
  label: { one: 'Lijst', many: 'Lijsten' },
  recordRepresentation: 'name',
  api: { getList: { method: 'GET', path: '/lists/' } },
  fields: [{ source: 'name', label: 'Naam', kind: 'text' }],
  views: {},
});
const audienceLists = defineResource<{ id: string; listId: string }>({
  name: 'audienceLists',
  label: { one: 'Lijst', many: 'Lijsten' },
  api: { create: { method: 'POST', path: '/audiences/a1/lists' } },
  fields: [
    {
      source: 'listId',
      label: 'Lijst',
      kind: 'reference',
      reference: 'lists',
      optionText: 'name',
      validate: required('Selecteer een lijst'),
    },
  ],
  views: { create: { as: 'slideOver', title: 'Lijst toevoegen', fields: ['listId'] } },
});

function renderHost() {
  return renderDeclarative([unsubscribers, lists, audienceLists], {
    slideOvers: { greeting: GreetingPanel },
  });
}

/** The panels here are the test's own, not the console's: sent as the raw protocol's request. */
function open(type: string, props: Record<string, unknown> = {}) {
  act(() => requestSlideOver({ ...props, type }));
}

async function expectClosed(title: string) {
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument());
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('slide-over host', { timeout: 60_000 }, () => {
  it('opens the registered panel on the window event, with the props of the event', async () => {
    renderHost();

    act(() => {
      window.dispatchEvent(new CustomEvent('slideover', { detail: { type: 'greeting', name: 'Anne' } }));
    });

    const panel = await screen.findByRole('dialog', { name: 'Hallo' });
    expect(within(panel).getByText('Welkom, Anne')).toBeInTheDocument();
  });

  it("closes on 'Sluiten'", async () => {
    const user = userEvent.setup({ delay: null });
    renderHost();
    open('greeting', { name: 'Anne' });

    await user.click(
      within(await screen.findByRole('dialog', { name: 'Hallo' })).getByRole('button', { name: 'Sluiten' }),
    );

    await expectClosed('Hallo');
  });

  it('closes on the close icon', async () => {
    const user = userEvent.setup({ delay: null });
    renderHost();
    open('greeting', { name: 'Anne' });

    const panel = await screen.findByRole('dialog', { name: 'Hallo' });
    await user.click(within(panel).getByRole('button', { name: 'Paneel sluiten' }));

    await expectClosed('Hallo');
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup({ delay: null });
    renderHost();
    open('greeting', { name: 'Anne' });

    await user.click(within(await screen.findByRole('dialog', { name: 'Hallo' })).getByText('Welkom, Anne'));
    await user.keyboard('{Escape}');

    await expectClosed('Hallo');
  });

  it('closes the topmost panel on the close event and keeps the one below with its input', async () => {
    const user = userEvent.setup({ delay: null });
    renderHost();
    open('greeting', { name: 'Anne' });
    const below = await screen.findByRole('dialog', { name: 'Hallo' });
    await user.type(within(below).getByLabelText('Notitie'), 'nog bellen');

    open('unknown-kind');
    expect(await screen.findByRole('dialog', { name: 'Onbekend paneel' })).toBeInTheDocument();
    act(() => closeSlideOver());

    await expectClosed('Onbekend paneel');
    expect(within(screen.getByRole('dialog', { name: 'Hallo' })).getByLabelText('Notitie')).toHaveValue(
      'nog bellen',
    );
  });

  it('shows a placeholder message for an unknown type', async () => {
    renderHost();

    open('doesNotExist');

    const panel = await screen.findByRole('dialog', { name: 'Onbekend paneel' });
    expect(within(panel).getByText('Het paneel "doesNotExist" bestaat (nog) niet.')).toBeInTheDocument();
  });
});

describe('declared slide-over forms', { timeout: 60_000 }, () => {
  it('opens with the focus in its first field, so a keyboard user types there at once', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(() => jsonAnswer({}));
    renderHost();
    open('unsubscribers.create');

    const panel = await screen.findByRole('dialog', { name: 'Nieuwe uitschrijver' });
    const email = within(panel).getByLabelText(/E-mailadres/);
    await waitFor(() => expect(email).toHaveFocus());
    await user.keyboard('anne@voorbeeld.nl');
    expect(email).toHaveValue('anne@voorbeeld.nl');
  });

  it("stays open with the input intact and the server's message after a failed save", async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'Dit e-mailadres is al uitgeschreven.';
    mockFetch(() => jsonAnswer({ status: 409, message, field: 'email' }, { status: 409 }));
    renderHost();
    open('unsubscribers.create');

    const panel = await screen.findByRole('dialog', { name: 'Nieuwe uitschrijver' });
    await user.type(within(panel).getByLabelText(/E-mailadres/), 'anne@voorbeeld.nl');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    // Shown once, under the field it is about: no banner and no toast repeating it.
    expect(await within(panel).findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Nieuwe uitschrijver' })).toBeInTheDocument();
    expect(within(panel).getByLabelText(/E-mailadres/)).toHaveValue('anne@voorbeeld.nl');
  });

  it('closes and invalidates the queries of the resource and of what it invalidates after a successful save', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = mockFetch(() => jsonAnswer({ id: 'u1', email: 'bram@voorbeeld.nl' }, { status: 201 }));
    const { queryClient } = renderHost();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    open('unsubscribers.create');

    const panel = await screen.findByRole('dialog', { name: 'Nieuwe uitschrijver' });
    await user.type(within(panel).getByLabelText(/E-mailadres/), 'bram@voorbeeld.nl');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    await expectClosed('Nieuwe uitschrijver');
    // The save, whatever the console read before it (the member's role).
    const saves = sent.filter((request) => request.method !== 'GET');
    expect(saves.map((request) => request.method)).toEqual(['POST']);
    expect(saves[0].query.get('email')).toBe('bram@voorbeeld.nl');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['unsubscribers'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['audiences'] });
  });

  it("shows the spec's message for an empty e-mail address and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const { fetch } = mockFetch(() => jsonAnswer({}));
    renderHost();
    open('unsubscribers.create');

    const panel = await screen.findByRole('dialog', { name: 'Nieuwe uitschrijver' });
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    expect(await within(panel).findByText('Email is een verplicht veld')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks a picker whose choices are still loading: its message shows and nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    // The lists never answer while the test runs: the picker stays in its loading state.
    const { sent } = mockFetch((request) =>
      request.path.endsWith('/lists/') ? new Promise<Response>(() => undefined) : jsonAnswer({}),
    );
    renderHost();
    open('audienceLists.create');

    const panel = await screen.findByRole('dialog', { name: 'Lijst toevoegen' });
    await waitFor(() => expect(sent.some((request) => request.path.endsWith('/lists/'))).toBe(true));
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    expect(await within(panel).findByText('Selecteer een lijst')).toBeInTheDocument();
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});
