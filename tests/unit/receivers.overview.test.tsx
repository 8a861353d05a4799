import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderDeclarative } from './support/declarativeTestApp';
import { fakeReceiversApi, receiverList } from './support/fakeReceiversApi';
import { receiverResources } from './support/receiverResources';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('receivers overview', { timeout: 60_000 }, () => {
  it('shows the three parts with how many there are, reading one row of each for its total', async () => {
    const { sent } = fakeReceiversApi({
      lists: [receiverList({ id: 'a', title: 'A' }), receiverList({ id: 'b', title: 'B' })],
      subscribers: [],
      unsubscribers: [
        {
          id: 'u1',
          email: 'a@voorbeeld.nl',
          createdAt: '2025-01-01T00:00:00.000Z',
          cause: 'Afgemeld',
          causeDetail: null,
          erased: false,
        },
        {
          id: 'u2',
          email: 'b@voorbeeld.nl',
          createdAt: '2025-01-01T00:00:00.000Z',
          cause: 'Afgemeld',
          causeDetail: null,
          erased: false,
        },
        {
          id: 'u3',
          email: 'c@voorbeeld.nl',
          createdAt: '2025-01-01T00:00:00.000Z',
          cause: 'Afgemeld',
          causeDetail: null,
          erased: false,
        },
      ],
      audiences: [
        {
          id: 'x',
          name: 'X',
          isDeleted: false,
          createdAt: '2025-01-01T00:00:00.000Z',
          recipientCount: 0,
          lists: [],
        },
      ],
    });
    renderDeclarative(receiverResources, { path: '/recievers/' });

    expect(await screen.findByLabelText('Lijsten: 2')).toBeInTheDocument();
    expect(await screen.findByLabelText('Doelgroepen: 1')).toBeInTheDocument();
    expect(await screen.findByLabelText('Uitschrijvers: 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Lijsten/ })).toHaveAttribute('href', '/recievers/lists/');
    expect(screen.getByRole('link', { name: /^Uitschrijvers/ })).toHaveAttribute(
      'href',
      '/recievers/unsubscribers/',
    );
    const listRead = sent.find((request) => request.path === '/api/1/env-1/lists/');
    expect(listRead?.query.get('limit')).toBe('1');
    expect(listRead?.query.get('sort')).toBe('title');
    expect(listRead?.query.get('isDeleted')).toBe('false');
  });
});
