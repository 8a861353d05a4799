// Where an invitee answers: `/r/{environmentId}/{publicationId}/{token}` (GET shows, POST records), and
// the calendar file beside it. These links must reach the recipient as they are: a click-tracking
// redirect would be opened by link scanners and hides the token in a third party's logs, so mail
// rewriting (analytics) leaves every link `isRsvpLink` recognises alone.

export const rsvpPrefix = '/r';

/** The answers an invitee can give, in the order the buttons show them. */
export const rsvpAnswers = ['Ja', 'Misschien', 'Nee'] as const;
export type RsvpAnswer = (typeof rsvpAnswers)[number];

/** The query value of each answer button in an invitation (`?antwoord=ja`): preselects that answer. */
export const answerParameter = 'antwoord';

export function rsvpPath(ids: { environmentId: string; publicationId: string }, token: string): string {
  return `${rsvpPrefix}/${ids.environmentId}/${ids.publicationId}/${token}`;
}

export function rsvpUrl(
  publicUrl: string,
  ids: { environmentId: string; publicationId: string },
  token: string,
): string {
  return `${publicUrl}${rsvpPath(ids, token)}`;
}

/** The calendar file of an invitee's link. */
export function rsvpCalendarPath(path: string): string {
  return `${path}/agenda.ics`;
}

/**
 * Whether a link in an outgoing message is an RSVP answer link (or its calendar file), which must never be
 * wrapped for click tracking. `publicUrl` is the server's PUBLIC_URL; placeholders (`{{rsvpUrl}}`) count too.
 */
export function isRsvpLink(href: string, publicUrl: string): boolean {
  if (href.startsWith('{{rsvpUrl}}')) return true;
  return href.startsWith(`${publicUrl}${rsvpPrefix}/`);
}
