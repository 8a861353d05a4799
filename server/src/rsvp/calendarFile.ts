// The invitation's calendar entry (RFC 5545). METHOD:PUBLISH, not REQUEST: REQUEST makes mail programs
// offer Accept/Decline whose replies go to an organiser nobody reads, so a 'Decline' there would silently
// not count; answers are given on the RSVP page. One UID per invitation, the event's SEQUENCE raised on
// every change, so a later file updates the entry already in the agenda; a cancellation is METHOD:CANCEL.
// Times are local to Europe/Amsterdam with that zone's VTIMEZONE included.

export const calendarTimeZone = 'Europe/Amsterdam';

export interface CalendarEvent {
  publicationId: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  location: string | null;
  onlineUrl: string | null;
  sequence: number;
  cancelled: boolean;
  updatedAt: Date;
}

/** The stable UID of an invitation's entry: the same in every file, so agendas update instead of adding. */
export function calendarUid(publicationId: string, host: string): string {
  return `rsvp-${publicationId}@${host}`;
}

/** The zone's rules since 1996 (EU summer time: last Sunday of March and of October, 01:00 UTC). */
const amsterdamTimeZone = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Amsterdam',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const localParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: calendarTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `YYYYMMDDTHHMMSS` in Amsterdam's local time. */
export function amsterdamLocal(moment: Date): string {
  const parts = Object.fromEntries(localParts.formatToParts(moment).map((part) => [part.type, part.value]));
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

function utcStamp(moment: Date): string {
  return moment
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Escapes a TEXT value (RFC 5545 §3.3.11). */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = Buffer.byteLength(char, 'utf8');
    const limit = pieces.length === 0 ? 75 : 74;
    if (size + length > limit) {
      pieces.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

export function calendarFile(event: CalendarEvent, host: string): string {
  const place = [event.location, event.onlineUrl].filter((value): value is string => !!value).join(' – ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Digitaal publicatie platform//RSVP//NL',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    ...amsterdamTimeZone,
    'BEGIN:VEVENT',
    `UID:${calendarUid(event.publicationId, host)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.updatedAt)}`,
    `DTSTART;TZID=${calendarTimeZone}:${amsterdamLocal(event.startsAt)}`,
    `DTEND;TZID=${calendarTimeZone}:${amsterdamLocal(event.endsAt)}`,
    `SUMMARY:${text(event.title)}`,
    ...(place ? [`LOCATION:${text(place)}`] : []),
    ...(event.onlineUrl ? [`URL:${event.onlineUrl}`] : []),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
