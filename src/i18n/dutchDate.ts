import { amsterdamWallClock, instantOfAmsterdamWallClock } from './amsterdamTime';

// Dates typed and shown the Dutch way in inputs ('31-12-2026', '31-12-2026 18:30'), whatever the
// browser's language: a browser's own date field shows the order of its language (mm/dd/yyyy in an
// English one). A day is kept as react-admin's date input keeps it ('yyyy-mm-dd'); a moment means Dutch
// time whatever the browser's zone (amsterdamTime.ts) and is kept as the instant it names (ISO, with Z).

/** What a date field's input shows as its placeholder, and what its message names. */
export const dutchDatePattern = 'dd-mm-jjjj';
export const dutchDateTimePattern = 'dd-mm-jjjj uu:mm';

const two = (value: number) => String(value).padStart(2, '0');
const formDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const formMoment = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A form value (a day, a local moment, an ISO moment or a Date) as a Date; undefined when it is none. */
function asDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string' || value === '') return undefined;
  const day = formDay.exec(value);
  // A bare day is that day where the user is (new Date would read it as midnight UTC).
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  // Only ISO spellings: Date would also read typed text such as '12/31/2026' (US order).
  if (!formDay.test(value.slice(0, 10))) return undefined;
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? undefined : moment;
}

/** A day as a date field shows it: '31-12-2026'; '' for no date. Text that is no date is shown as is. */
export function formatDutchDate(value: unknown): string {
  const date = asDate(value);
  if (!date) return typeof value === 'string' ? value : '';
  return `${two(date.getDate())}-${two(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/**
 * A moment as a date-and-time field shows it, in Dutch time: '31-12-2026 18:30'; '' for none. A
 * wall-clock time without a zone ('yyyy-mm-ddThh:mm') is Dutch time already.
 */
export function formatDutchDateTime(value: unknown): string {
  const date = typeof value === 'string' && formMoment.test(value) ? undefined : asDate(value);
  const wallClock = date ? amsterdamWallClock(date) : value;
  const local = typeof wallClock === 'string' ? formMoment.exec(wallClock) : null;
  if (local) return `${local[3]}-${local[2]}-${local[1]} ${local[4]}:${local[5]}`;
  return typeof value === 'string' ? value : '';
}

/** Day, month and year of a real calendar day, or undefined ('31-02-2026' is none). */
function calendarDay(day: string, month: string, year: string): string | undefined {
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return `${year}-${two(m)}-${two(d)}`;
}

// Day and month of one or two digits, a four-digit year, separated by '-', '/' or '.'.
const typedDay = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
// The same, then a space (or 'T', ',') and hours and minutes with ':' or '.'.
const typedMoment = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:\s*,\s*|\s+|T)(\d{1,2})[:.](\d{2})$/;

/**
 * What a user typed in a date field: the form's day ('yyyy-mm-dd'), null when empty, undefined when it
 * is no date. Day first: '31-12-2026', '1-2-2026', '31/12/2026' and '31.12.2026'.
 */
export function parseDutchDate(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const typed = typedDay.exec(trimmed);
  return typed ? calendarDay(typed[1], typed[2], typed[3]) : undefined;
}

/**
 * What a user typed in a date-and-time field, read as Dutch time: the instant it names (ISO, with Z),
 * null when empty, undefined when it is no moment. '31-12-2026 18:30', also '31-12-2026 9.05'.
 */
export function parseDutchDateTime(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const typed = typedMoment.exec(trimmed);
  if (!typed) return undefined;
  const day = calendarDay(typed[1], typed[2], typed[3]);
  const [hours, minutes] = [Number(typed[4]), Number(typed[5])];
  if (!day || hours > 23 || minutes > 59) return undefined;
  return instantOfAmsterdamWallClock(`${day}T${two(hours)}:${two(minutes)}`)?.toISOString();
}
