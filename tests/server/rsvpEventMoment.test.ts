import { describe, expect, it } from 'vitest';
import { eventMoment } from '../../server/src/rsvp/rsvpMails';

// When an invitation's event is, as its page and mails say it (Dutch, Amsterdam time).

describe('eventMoment', () => {
  it('names the day once for an event that ends the same day', () => {
    expect(
      eventMoment({
        startsAt: new Date('2026-12-11T18:30:00Z'),
        endsAt: new Date('2026-12-11T21:00:00Z'),
      }),
    ).toBe('vrijdag 11 december 2026 om 19:30 tot 22:00');
  });

  it('names both days for an event that ends on another day (in Amsterdam, not in UTC)', () => {
    expect(
      eventMoment({
        startsAt: new Date('2026-12-11T21:00:00Z'),
        endsAt: new Date('2026-12-11T23:30:00Z'),
      }),
    ).toBe('vrijdag 11 december 2026 om 22:00 tot zaterdag 12 december 2026 om 00:30');
  });
});
