import { afterEach, describe, expect, it } from 'vitest';
import { amsterdamWallClock, instantOfAmsterdamWallClock } from '../../src/i18n/amsterdamTime';
import { formatDutchDateTime, parseDutchDateTime } from '../../src/i18n/dutchDate';

// A console moment means Dutch time whatever the browser's zone: the conversion between the Dutch wall
// clock and the instant, across both changes of the clocks, in browsers set to several zones (the
// process's TZ plays the browser's).

const browserZone = process.env.TZ;
afterEach(() => {
  if (browserZone === undefined) delete process.env.TZ;
  else process.env.TZ = browserZone;
});

const iso = (wallClock: string) => instantOfAmsterdamWallClock(wallClock)?.toISOString();

describe('Dutch wall-clock time and instants', () => {
  it.each([
    ['winter time (UTC+1)', '2026-01-15T14:00', '2026-01-15T13:00:00.000Z'],
    ['summer time (UTC+2)', '2026-07-01T14:00', '2026-07-01T12:00:00.000Z'],
    ['the minute before the clocks go forward', '2026-03-29T01:59', '2026-03-29T00:59:00.000Z'],
    ['the first minute of summer time', '2026-03-29T03:00', '2026-03-29T01:00:00.000Z'],
    [
      'the last minute of summer time before the clocks go back',
      '2026-10-25T01:59',
      '2026-10-24T23:59:00.000Z',
    ],
    ['the first minute after the hour that happens twice', '2026-10-25T03:00', '2026-10-25T02:00:00.000Z'],
    ['midnight at the turn of the year', '2027-01-01T00:00', '2026-12-31T23:00:00.000Z'],
  ])('reads %s', (_, wallClock, instant) => {
    expect(iso(wallClock)).toBe(instant);
    expect(amsterdamWallClock(new Date(instant))).toBe(wallClock);
  });

  it('reads the hour the clocks skip in spring as winter time: 02:30 is 03:30 summer time', () => {
    expect(iso('2026-03-29T02:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(amsterdamWallClock(new Date('2026-03-29T01:30:00.000Z'))).toBe('2026-03-29T03:30');
  });

  it('reads the hour that happens twice in autumn as its first pass, and shows both passes', () => {
    expect(iso('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(amsterdamWallClock(new Date('2026-10-25T00:30:00.000Z'))).toBe('2026-10-25T02:30');
    expect(amsterdamWallClock(new Date('2026-10-25T01:30:00.000Z'))).toBe('2026-10-25T02:30');
  });

  it('reads no day or time that does not exist', () => {
    for (const wallClock of ['2026-02-31T10:00', '2026-01-01T24:00', '2026-13-01T10:00', '2026-01-01 10:00'])
      expect(iso(wallClock), wallClock).toBeUndefined();
  });

  it.each(['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/Amsterdam'])(
    'a browser in %s types and sees the same Dutch time for the same instant',
    (zone) => {
      process.env.TZ = zone;
      expect(parseDutchDateTime('12-06-2026 14:00')).toBe('2026-06-12T12:00:00.000Z');
      expect(parseDutchDateTime('12-12-2026 14:00')).toBe('2026-12-12T13:00:00.000Z');
      expect(formatDutchDateTime('2026-06-12T12:00:00.000Z')).toBe('12-06-2026 14:00');
      expect(formatDutchDateTime(new Date('2026-12-12T13:00:00.000Z'))).toBe('12-12-2026 14:00');
      // A wall-clock time without a zone (a block's event time) is Dutch time already.
      expect(formatDutchDateTime('2026-06-12T14:00')).toBe('12-06-2026 14:00');
    },
  );
});
