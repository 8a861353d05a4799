import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import {
  formatDutchDate,
  formatDutchDateTime,
  parseDutchDate,
  parseDutchDateTime,
} from '../../src/i18n/dutchDate';
import { emptyAnswer, jsonAnswer, mockFetch } from './support/fetchEdge';
import { installIntersectionObserver } from './support/intersectionObserver';
import { renderDeclarative } from './support/declarativeTestApp';

describe('Dutch dates in inputs', () => {
  it.each([
    ['31-12-2026', '2026-12-31'],
    ['1-2-2027', '2027-02-01'],
    [' 31/12/2026 ', '2026-12-31'],
    ['31.12.2026', '2026-12-31'],
    ['29-02-2028', '2028-02-29'],
  ])('reads the day %j as %s', (text, day) => {
    expect(parseDutchDate(text)).toBe(day);
  });

  it.each([
    ['31-12-2026 18:30', '2026-12-31T17:30:00.000Z'],
    ['1-2-2027 9.05', '2027-02-01T08:05:00.000Z'],
    ['01-02-2027, 00:00', '2027-01-31T23:00:00.000Z'],
    ['01-07-2027 00:00', '2027-06-30T22:00:00.000Z'],
  ])('reads the moment %j as Dutch time, the instant %s', (text, moment) => {
    expect(parseDutchDateTime(text)).toBe(moment);
  });

  it('reads an empty field as no date, and text that is no date (or US order) as undefined', () => {
    expect(parseDutchDate('')).toBeNull();
    expect(parseDutchDateTime('  ')).toBeNull();
    for (const text of ['12/31/2026', '31-02-2026', '29-02-2027', '2026-12-31', '31-12-26', 'morgen'])
      expect(parseDutchDate(text), text).toBeUndefined();
    for (const text of ['31-12-2026', '31-12-2026 24:00', '31-12-2026 18:60', '12/31/2026 6:30'])
      expect(parseDutchDateTime(text), text).toBeUndefined();
  });

  it("shows the form's values day first, a moment in Dutch time", () => {
    expect(formatDutchDate('2026-12-31')).toBe('31-12-2026');
    expect(formatDutchDate(null)).toBe('');
    expect(formatDutchDateTime('2027-02-01T09:05')).toBe('01-02-2027 09:05');
    expect(formatDutchDateTime('2026-12-31T17:30:00.000Z')).toBe('31-12-2026 18:30');
    expect(formatDutchDateTime(new Date(Date.UTC(2026, 11, 31, 17, 30)))).toBe('31-12-2026 18:30');
    // Text that could not be read is shown as typed.
    expect(formatDutchDateTime('12/31/2026')).toBe('12/31/2026');
  });
});

interface Meeting {
  id: string;
  day: string | null;
  startsAt: string | null;
}

const meetings = defineResource<Meeting>({
  name: 'meetings',
  label: { one: 'Bijeenkomst', many: 'Bijeenkomsten' },
  api: {
    getList: { method: 'GET', path: '/meetings' },
    getOne: { method: 'GET', path: '/meetings/{id}' },
    update: { method: 'PUT', path: '/meetings/{id}', body: ['day', 'startsAt'] },
  },
  fields: [
    { source: 'day', label: 'Dag', kind: 'date' },
    { source: 'startsAt', label: 'Begin', kind: 'dateTime' },
  ],
  views: {
    list: { title: 'Bijeenkomsten', columns: ['day'], rowClick: 'edit' },
    edit: { as: 'page', title: 'Bijeenkomst bewerken', fields: ['day', 'startsAt'] },
  },
  routes: { list: '/meetings', edit: '/meetings/:id' },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the date fields of a declared form', { timeout: 60_000 }, () => {
  it('show and take dates day first, whatever the browser, and name text that is no date', async () => {
    installIntersectionObserver();
    const user = userEvent.setup({ delay: null });
    let meeting: Meeting = {
      id: 'm1',
      day: '2026-12-31',
      startsAt: '2026-12-31T17:30:00.000Z',
    };
    const { sent } = mockFetch((request) => {
      if (request.method === 'PUT') {
        meeting = { ...meeting, ...(request.json() as Partial<Meeting>) };
        return emptyAnswer();
      }
      return request.path.endsWith('/meetings')
        ? jsonAnswer({ data: [meeting], total: 1 })
        : jsonAnswer(meeting);
    });
    renderDeclarative([meetings], { path: '/meetings/m1' });

    // Text fields (a browser's own date field would follow the browser's language), day first.
    const day = await screen.findByLabelText('Dag');
    const startsAt = screen.getByLabelText('Begin');
    expect(day).toHaveAttribute('type', 'text');
    expect(startsAt).toHaveAttribute('placeholder', 'dd-mm-jjjj uu:mm');
    await waitFor(() => expect(day).toHaveValue('31-12-2026'));
    expect(startsAt).toHaveValue('31-12-2026 18:30');

    // US order is no date here: named, not saved.
    await user.clear(day);
    await user.type(day, '12/31/2026');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText('Vul een datum in als dd-mm-jjjj, bijvoorbeeld 31-12-2026.'),
    ).toBeInTheDocument();
    expect(sent.some((request) => request.method === 'PUT')).toBe(false);

    // Typed short, shown in full once left; a day saved as react-admin's date input holds it, a moment
    // as the instant its Dutch time names.
    await user.clear(day);
    await user.type(day, '1-2-2027');
    await user.clear(startsAt);
    await user.type(startsAt, '1-2-2027 9.05');
    await user.tab();
    expect(day).toHaveValue('01-02-2027');
    expect(startsAt).toHaveValue('01-02-2027 09:05');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    expect(sent.find((request) => request.method === 'PUT')?.json()).toEqual({
      day: '2027-02-01',
      startsAt: '2027-02-01T08:05:00.000Z',
    });
  });
});
