// Wall-clock time in Europe/Amsterdam, where journeys' dates, weekdays and hours are meant: converting
// through Intl keeps 09:00 at 09:00 across the switch to and from summer time.

export const journeyTimeZone = 'Europe/Amsterdam';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: journeyTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
});

const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
}

export function toLocal(instant: Date): LocalTime {
  const values = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(values.year),
    month: Number(values.month),
    day: Number(values.day),
    hour: Number(values.hour),
    minute: Number(values.minute),
    weekday: weekdays[values.weekday],
  };
}

/** The instant Amsterdam's clock shows this date and time (the later one of a skipped hour's neighbours). */
export function fromLocal(year: number, month: number, day: number, hour: number, minute: number): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wanted;
  for (let round = 0; round < 2; round++) {
    const shown = toLocal(new Date(guess));
    const shownAsUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute);
    guess += wanted - shownAsUtc;
  }
  return new Date(guess);
}

/** The calendar date `days` after the local date (negative: before), as year, month, day. */
export function addDays(date: { year: number; month: number; day: number }, days: number) {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** 'HH:MM' as hours and minutes. */
export function timeOfDay(time: string): { hour: number; minute: number } {
  const [hour, minute] = time.split(':').map(Number);
  return { hour, minute };
}

/** The first moment at or after `from` that Amsterdam shows this weekday at this time. */
export function nextWeekdayAt(from: Date, weekday: number, time: string): Date {
  const local = toLocal(from);
  const { hour, minute } = timeOfDay(time);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const date = addDays(local, ahead);
    const candidate = fromLocal(date.year, date.month, date.day, hour, minute);
    if (toLocal(candidate).weekday === weekday && candidate.getTime() >= from.getTime()) return candidate;
  }
  throw new Error('unreachable: a weekday recurs within eight days');
}
