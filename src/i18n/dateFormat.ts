import { consoleTimeZone } from './amsterdamTime';

/**
 * The console's one way of writing dates: '10 jul 2022', and with the time '22 nov 2026, 13:03'
 * where the moment matters (jobs, form answers). Tables, pages and cells all use these.
 */
export const dateOptions: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
/** A moment in Dutch time, whatever the browser's zone (amsterdamTime.ts), as the inputs take it. */
export const dateTimeOptions: Intl.DateTimeFormatOptions = {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: consoleTimeZone,
};

const dateTime = new Intl.DateTimeFormat('nl-NL', dateTimeOptions);

/** '22 nov 2026, 13:03'. */
export function formatDateTime(value: string | number | Date): string {
  return dateTime.format(new Date(value));
}
