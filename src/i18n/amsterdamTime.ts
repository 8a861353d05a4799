// The console's moments mean Dutch time (Europe/Amsterdam), whatever the browser's own zone: an RSVP
// starting at 14:00, a job planned at 08:00 and a journey waiting until 09:00 are those hours in the
// Netherlands, typed and shown so on a laptop set to UTC as well. The API speaks in instants (ISO with Z).

/** The zone every date-time input and moment of the console means. */
export const consoleTimeZone = 'Europe/Amsterdam';

const hour = 60 * 60 * 1000;
const wallClockPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const wallClockParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: consoleTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Dutch wall-clock time of an instant: 'yyyy-mm-ddThh:mm'. */
export function amsterdamWallClock(instant: Date): string {
  const parts = Object.fromEntries(
    wallClockParts.formatToParts(instant).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * The instant a Dutch wall-clock time ('yyyy-mm-ddThh:mm') names; undefined for anything else. The hour
 * the clocks skip in spring (02:00–03:00 on the last Sunday of March) does not exist: it is read as the
 * same time in winter time, so 02:30 becomes 03:30 summer time. The hour that happens twice in autumn
 * is read as its first pass (summer time).
 */
export function instantOfAmsterdamWallClock(wallClock: string): Date | undefined {
  const match = wallClockPattern.exec(wallClock);
  if (!match) return undefined;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number);
  const asIfUtc = Date.UTC(year, month - 1, day, hours, minutes);
  // No such day or time ('2026-02-31T10:00', '…T24:00').
  if (new Date(asIfUtc).toISOString().slice(0, 16) !== wallClock) return undefined;
  // Amsterdam is one hour (winter) or two (summer) ahead of UTC: of the readings that show this wall
  // clock, the earliest; in the skipped hour none does, and winter time's applies.
  const readings = [2, 1].map((offset) => new Date(asIfUtc - offset * hour));
  return readings.find((reading) => amsterdamWallClock(reading) === wallClock) ?? readings[1];
}
