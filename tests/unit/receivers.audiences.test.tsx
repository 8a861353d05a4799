import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AudienceDetail } from '@contract/receivers';
import { renderDeclarative } from './support/declarativeTestApp';
import {
  audienceListOf,
  createdId,
  fakeReceiversApi,
  receiverList,
  type ReceiversState,
} from './support/fakeReceiversApi';
import { installIntersectionObserver } from './support/intersectionObserver';
import { receiverResources } from './support/receiverResources';

const residents = receiverList({
  id: 'list-residents',
  title: 'Nieuwsbrief bewoners',
  subscriberCount: 240,
  attributeLabel1: 'Wijk',
});
const entrepreneurs = receiverList({
  id: 'list-entrepreneurs',
  title: 'Ondernemers Zuiderveen',
  subscriberCount: 36,
});
const oldList = receiverList({ id: 'list-old', title: 'Nieuwsbrief 2019', isDeleted: true });

function audience(lists: AudienceDetail['lists']): AudienceDetail {
  return {
    id: 'audience-centre',
    name: 'Bewoners Centrum',
    isDeleted: false,
    createdAt: '2025-01-10T09:00:00.000Z',
    recipientCount: 58,
    lists,
  };
}

function state(lists = [audienceListOf(residents, 'entry-residents')]): ReceiversState {
  return {
    lists: [residents, entrepreneurs, oldList],
    subscribers: [],
    unsubscribers: [],
    audiences: [audience(lists)],
  };
}

beforeEach(() => {
  installIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('audiences', { timeout: 60_000 }, () => {
  it("requires a name for a new audience ('Naam is een verplicht veld'), then goes to the new audience's page", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeReceiversApi(state());
    renderDeclarative(receiverResources, { path: '/recievers/audiences/' });

    expect(await screen.findByText('Bewoners Centrum')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nieuwe doelgroep' }));
    const panel = await screen.findByRole('dialog', { name: 'Nieuwe doelgroep' });
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText('Naam is een verplicht veld')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(within(panel).getByLabelText(/Naam/), 'Jongeren');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    // The server answers the new id; the console goes to /recievers/audiences/{newId}.
    expect(await screen.findByRole('heading', { name: 'Jongeren', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('0 ontvangers')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.query.get('name')).toBe('Jongeren');
    expect(sent.some((request) => request.path === `/api/1/env-1/audience/${createdId(1)}`)).toBe(true);
  });

  it('shows the recipient count and the lists with their filters', async () => {
    const entry = {
      ...audienceListOf(residents, 'entry-residents'),
      filters: [{ id: 'f1', field: 'attribute1' as const, operator: 'IsEqual' as const, value: 'Centrum' }],
    };
    fakeReceiversApi(state([entry]));
    renderDeclarative(receiverResources, { path: '/recievers/audiences/audience-centre/Bewoners%20Centrum' });

    expect(await screen.findByText('58 ontvangers')).toBeInTheDocument();
    const card = screen.getByTestId(`audience-list-${residents.id}`);
    expect(within(card).getByRole('link', { name: 'Nieuwsbrief bewoners' })).toHaveAttribute(
      'href',
      `/recievers/lists/${residents.id}`,
    );
    expect(within(card).getByText('Wijk is gelijk aan "Centrum"')).toBeInTheDocument();
  });

  it("offers only manual lists that are not deleted nor in the audience, and requires one ('Selecteer een lijst')", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeReceiversApi(state());
    renderDeclarative(receiverResources, { path: '/recievers/audiences/audience-centre' });

    await user.click(await screen.findByRole('button', { name: 'Lijst toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Lijst toevoegen' });
    await user.click(await within(panel).findByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText('Selecteer een lijst')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.click(within(panel).getByRole('combobox', { name: /Lijst/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toContain('Ondernemers Zuiderveen');
    expect(options).not.toContain('Nieuwsbrief bewoners');
    expect(options).not.toContain('Nieuwsbrief 2019');
    await user.click(screen.getByRole('option', { name: 'Ondernemers Zuiderveen' }));
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Lijst toevoegen' })).not.toBeInTheDocument(),
    );
    const add = sent.find((request) => request.method === 'POST');
    expect(add?.path).toBe('/api/1/env-1/audience/audience-centre/lists/add');
    expect(add?.query.get('listId')).toBe(entrepreneurs.id);
    expect(await screen.findByRole('link', { name: 'Ondernemers Zuiderveen' })).toBeInTheDocument();
    expect(screen.getByText('94 ontvangers')).toBeInTheDocument();
  });

  it("says 'Er zijn geen lijsten meer om uit te kiezen' when every list is in the audience", async () => {
    const user = userEvent.setup({ delay: null });
    fakeReceiversApi(state([audienceListOf(residents, 'e1'), audienceListOf(entrepreneurs, 'e2')]));
    renderDeclarative(receiverResources, { path: '/recievers/audiences/audience-centre' });

    await user.click(await screen.findByRole('button', { name: 'Lijst toevoegen' }));
    const panel = await screen.findByRole('dialog', { name: 'Lijst toevoegen' });
    expect(await within(panel).findByText('Er zijn geen lijsten meer om uit te kiezen')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Toevoegen' })).not.toBeInTheDocument();
  });

  it('requires field, operator and value of a new filter, offering attributes only for labels the list has', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = fakeReceiversApi(state());
    renderDeclarative(receiverResources, { path: '/recievers/audiences/audience-centre' });

    await user.click(await screen.findByRole('button', { name: 'Nieuw filter' }));
    const panel = await screen.findByRole('dialog', { name: 'Nieuw filter' });
    await user.clear(within(panel).getByLabelText(/Waarde/));
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText('Veld is een verplicht veld')).toBeInTheDocument();
    expect(within(panel).getByText('Waarde is een verplicht veld')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.click(within(panel).getByRole('combobox', { name: /Veld/ }));
    const fields = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(fields).toEqual([
      'Naam',
      'E-mailadres',
      'Telefoonnummer',
      'Voornaam',
      'Tussenvoegsel',
      'Achternaam',
      'Initialen',
      'Adres',
      'Postcode',
      'Woonplaats',
      'Land',
      'Wijk',
    ]);
    await user.click(screen.getByRole('option', { name: 'Wijk' }));
    await user.click(within(panel).getByRole('combobox', { name: /Voorwaarde/ }));
    const operators = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(operators).toEqual(['is gelijk aan', 'is niet gelijk aan', 'begint met', 'eindigt op', 'bevat']);
    await user.click(screen.getByRole('option', { name: 'begint met' }));
    await user.type(within(panel).getByLabelText(/Waarde/), 'Cen');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Nieuw filter' })).not.toBeInTheDocument(),
    );
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/api/1/env-1/audiencelist/entry-residents/filter');
    expect(post?.json()).toEqual({ field: 'attribute1', operator: 'StartsWith', value: 'Cen' });
    expect(await screen.findByText('Wijk begint met "Cen"')).toBeInTheDocument();
  });
});
