const dutchDateTime = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/**
 * A block's local date and time (`YYYY-MM-DDTHH:mm`, no time zone: it is the time where the event is)
 * in Dutch, e.g. 'dinsdag 14 januari 2025 om 19:30'. Formatted as UTC so the server's zone plays no part.
 */
export function formatDutchDateTime(value: string): string {
  const [year, month, day, hour, minute] = value.split(/[-T:]/).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return Number.isNaN(date.getTime()) ? value : dutchDateTime.format(date);
}
