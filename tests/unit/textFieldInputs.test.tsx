import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { required } from 'react-admin';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import { jsonAnswer, mockFetch } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative } from './support/declarativeTestApp';

interface Room {
  id: string;
  places: number;
  colour: string;
}

/** The two inputs drawn as TextFields of their own (useTextFieldInput): a number and a colour. */
const rooms = defineResource<Room>({
  name: 'rooms',
  label: { one: 'Zaal', many: 'Zalen' },
  api: {
    getList: { method: 'GET', path: '/rooms/' },
    create: { method: 'POST', path: '/rooms/', body: 'data' },
  },
  fields: [
    {
      source: 'places',
      label: 'Plaatsen',
      kind: 'number',
      helperText: 'Hoeveel mensen er zitten',
      validate: required('Plaatsen is een verplicht veld'),
    },
    { source: 'colour', label: 'Kleur', kind: 'color', validate: required('Kleur is een verplicht veld') },
  ],
  views: {
    list: { title: 'Zalen', columns: ['places'] },
    create: { as: 'slideOver', title: 'Nieuwe zaal', fields: ['places', 'colour'] },
  },
  routes: { list: '/rooms/' },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('number and colour inputs', { timeout: 60_000 }, () => {
  it('show their label as required and the help text, and the error in its place only once submitted', async () => {
    installIntersectionObserver();
    const user = userEvent.setup({ delay: null });
    const { sent } = mockFetch(() => jsonAnswer({ data: [], total: 0 }));
    renderDeclarative([rooms], { path: '/rooms/' });

    await user.click(await screen.findByRole('button', { name: 'Nieuwe zaal' }));
    const panel = await screen.findByRole('dialog', { name: 'Nieuwe zaal' });
    const places = within(panel).getByRole('textbox', { name: /Plaatsen/ });
    const colour = within(panel).getByRole('textbox', { name: /Kleur/ });
    expect(places).toBeRequired();
    expect(colour).toBeRequired();
    expect(within(panel).getByText('Hoeveel mensen er zitten')).toBeInTheDocument();
    expect(places).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).queryByText('Plaatsen is een verplicht veld')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));

    expect(await within(panel).findByText('Plaatsen is een verplicht veld')).toBeInTheDocument();
    expect(within(panel).getByText('Kleur is een verplicht veld')).toBeInTheDocument();
    expect(within(panel).queryByText('Hoeveel mensen er zitten')).not.toBeInTheDocument();
    expect(places).toHaveAttribute('aria-invalid', 'true');
    expect(colour).toHaveAttribute('aria-invalid', 'true');
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
  });

  it("reads '1.000' places as a thousand, and refuses '1,5' and the two-way '1,000' in Dutch without sending", async () => {
    installIntersectionObserver();
    const user = userEvent.setup({ delay: null });
    const { sent } = mockFetch((request) =>
      request.method === 'POST'
        ? jsonAnswer({ id: 'r1', places: 1000, colour: '#112233' })
        : jsonAnswer({ data: [], total: 0 }),
    );
    renderDeclarative([rooms], { path: '/rooms/' });

    await user.click(await screen.findByRole('button', { name: 'Nieuwe zaal' }));
    const panel = await screen.findByRole('dialog', { name: 'Nieuwe zaal' });
    const places = within(panel).getByRole('textbox', { name: /Plaatsen/ });
    await user.type(within(panel).getByRole('textbox', { name: /Kleur/ }), '#112233');

    await user.type(places, '1,5');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(panel).findByText('Vul een heel getal in, zonder komma.')).toBeInTheDocument();

    await user.clear(places);
    await user.type(places, '1,000');
    expect(
      await within(panel).findByText("'1,000' kan 1.000 of 1 betekenen: typ 1.000 of 1."),
    ).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(places);
    await user.type(places, '1.000');
    await user.click(within(panel).getByRole('button', { name: 'Toevoegen' }));
    await vi.waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    const posted = sent.find((request) => request.method === 'POST');
    expect(JSON.parse(String(posted?.body))).toMatchObject({ places: 1000 });
  });
});
