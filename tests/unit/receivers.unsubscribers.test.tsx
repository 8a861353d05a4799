import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSignedInUser, updateSession } from '../../src/authProvider/session';
import { renderDeclarative } from './support/declarativeTestApp';
import { fakeReceiversApi, type ReceiversState } from './support/fakeReceiversApi';
import { installIntersectionObserver } from './support/intersectionObserver';
import { receiverResources } from './support/receiverResources';
import { setViewport } from './support/viewport';

function state(): ReceiversState {
  return {
    lists: [],
    subscribers: [],
    unsubscribers: [
      {
        id: 'unsubscriber-1',
        email: 'geen.post@mailbox.nl',
        createdAt: '2025-01-20T09:00:00.000Z',
        cause: 'Afgemeld',
        causeDetail: null,
        erased: false,
      },
    ],
    audiences: [],
  };
}

beforeEach(() => {
  installIntersectionObserver();
  updateSession({ userEmail: 'anne@voorbeeld.nl', userName: 'Anne de Vries' });
});

afterEach(() => {
  clearSignedInUser();
  vi.unstubAllGlobals();
});

describe('global unsubscribers', { timeout: 60_000 }, () => {
  it("requires the address in 'Nieuwe uitschrijver' ('Email is een verplicht veld'), in a required input of type email", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeReceiversApi(state());
    renderDeclarative(receiverResources, { path: '/recievers/unsubscribers/' });

    // The address is the row's button that opens the removal panel.
    expect(await screen.findByRole('button', { name: 'geen.post@mailbox.nl' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nieuwe uitschrijver' }));
    const panel = await screen.findByRole('dialog', { name: 'Nieuwe uitschrijver' });
    const input = within(panel).getByLabelText(/E-mailadres/);
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();

    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText('Email is een verplicht veld')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(input, 'nooit.meer@voorbeeld.nl');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Nieuwe uitschrijver' })).not.toBeInTheDocument(),
    );
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/api/1/env-1/unsubscribers');
    expect(post?.query.get('email')).toBe('nooit.meer@voorbeeld.nl');
    expect(await screen.findByRole('button', { name: 'nooit.meer@voorbeeld.nl' })).toBeInTheDocument();
  });

  it('removes an unsubscriber only with a reason, stating that only the unsubscriber may undo it', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeReceiversApi(state());
    renderDeclarative(receiverResources, { path: '/recievers/unsubscribers/' });

    await user.click(
      await screen.findByRole('button', { name: 'Uitschrijving verwijderen: geen.post@mailbox.nl' }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Uitschrijving verwijderen' });
    expect(within(panel).getByText('geen.post@mailbox.nl')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        /Een globale uitschrijving kan alleen door de uitschrijver zelf ongedaan worden gemaakt/,
      ),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Verwijderen' }));
    expect(await within(panel).findByText('Reden is een verplicht veld')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);

    await user.type(within(panel).getByLabelText(/Reden/), 'Heeft zich telefonisch weer aangemeld.');
    await user.click(within(panel).getByRole('button', { name: 'Verwijderen' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Uitschrijving verwijderen' })).not.toBeInTheDocument(),
    );
    const removal = sent.find((request) => request.method === 'DELETE');
    expect(removal?.path).toBe('/api/1/env-1/unsubscribers/unsubscriber-1');
    expect(removal?.json()).toEqual({
      reason: 'Heeft zich telefonisch weer aangemeld.',
      removedBy: 'anne@voorbeeld.nl',
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'geen.post@mailbox.nl' })).not.toBeInTheDocument(),
    );
  });

  it("shows the cause ('Oorzaak') with the bounce behind it on a phone, under the address, beside the removal", async () => {
    setViewport(390);
    const detail =
      "Harde bounce bij verzenden van 'Nieuwsbrief januari 2025': 550 5.1.1 <weg@mailbox.nl>: User unknown";
    const bounced = { ...state() };
    bounced.unsubscribers = [
      ...bounced.unsubscribers,
      {
        id: 'unsubscriber-2',
        email: 'weg@mailbox.nl',
        createdAt: '2025-01-21T09:00:00.000Z',
        cause: 'Onbestelbaar',
        causeDetail: detail,
        erased: false,
      },
    ];
    fakeReceiversApi(bounced);
    renderDeclarative(receiverResources, { path: '/recievers/unsubscribers/' });

    // No room for a third column beside the button: the cause shows under the address, outside the
    // button that opens the row (whose name stays the address).
    const cell = (await screen.findByRole('button', { name: 'weg@mailbox.nl' })).closest('td')!;
    const row = cell.closest('tr')!;
    expect(within(cell).getByText('Onbestelbaar')).toBeInTheDocument();
    expect(within(cell).getByText(detail)).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Oorzaak' })).not.toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Uitschrijving verwijderen: weg@mailbox.nl' }),
    ).toBeInTheDocument();
  });

  it('offers no removal of the entry an erasure left: only the person can end it', async () => {
    setViewport(1366);
    const withErased = state();
    withErased.unsubscribers = [
      ...withErased.unsubscribers,
      {
        id: 'unsubscriber-3',
        email: 'gewist-unsubscriber-3@gewist.invalid',
        createdAt: '2025-02-01T09:00:00.000Z',
        cause: 'Afgemeld',
        causeDetail: 'Gegevens gewist op verzoek',
        erased: true,
      },
    ];
    fakeReceiversApi(withErased);
    renderDeclarative(receiverResources, { path: '/recievers/unsubscribers/' });

    const erasedRow = (
      await screen.findByRole('button', { name: 'gewist-unsubscriber-3@gewist.invalid' })
    ).closest('tr')!;
    expect(within(erasedRow).queryByRole('button', { name: /^Uitschrijving verwijderen/ })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Uitschrijving verwijderen: geen.post@mailbox.nl' }),
    ).toBeInTheDocument();
  });

  it("shows the cause in its own column ('Oorzaak') on a wider screen, not under the address", async () => {
    setViewport(1366);
    fakeReceiversApi(state());
    renderDeclarative(receiverResources, { path: '/recievers/unsubscribers/' });

    const cell = (await screen.findByRole('button', { name: 'geen.post@mailbox.nl' })).closest('td')!;
    expect(within(cell).queryByText('Afgemeld')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Oorzaak' })).toBeInTheDocument();
    expect(within(cell.closest('tr')!).getByText('Afgemeld')).toBeInTheDocument();
  });
});
