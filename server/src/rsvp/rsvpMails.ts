import { escapeHtml } from '../rendering/escapeHtml';
import type { MailKind } from './answers';

// The texts of the RSVP emails: short, Dutch, with the event and a link back to the invitee's page
// (to change the answer, or add the entry to the agenda).

export interface MailEvent {
  title: string;
  startsAt: Date;
  endsAt: Date;
  location: string | null;
  onlineUrl: string | null;
}

export interface MailInvitee {
  answer: string | null;
  guests: number;
  waiting: boolean;
}

const when = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
});

const day = new Intl.DateTimeFormat('nl-NL', { dateStyle: 'full', timeZone: 'Europe/Amsterdam' });
const time = new Intl.DateTimeFormat('nl-NL', { timeStyle: 'short', timeZone: 'Europe/Amsterdam' });

/** When the event is: 'vrijdag 11 december 2026 om 19:30 tot 22:00', the day named twice only when it changes. */
export function eventMoment(event: { startsAt: Date; endsAt: Date }): string {
  const end = day.format(event.startsAt) === day.format(event.endsAt) ? time : when;
  return `${when.format(event.startsAt)} tot ${end.format(event.endsAt)}`;
}

function subjectOf(kind: MailKind, title: string): string {
  switch (kind) {
    case 'bevestiging':
      return `Je antwoord is ontvangen: ${title}`;
    case 'wachtlijst':
      return `Je staat op de wachtlijst: ${title}`;
    case 'promotie':
      return `Er is een plaats voor je vrij: ${title}`;
    case 'wijziging':
      return `Gewijzigd: ${title}`;
    case 'afgelast':
      return `Afgelast: ${title}`;
    case 'herinnering':
      return `Herinnering: kom je naar ${title}?`;
    case 'herinnering-bijeenkomst':
      return `Tot binnenkort: ${title}`;
  }
}

function leadOf(kind: MailKind, invitee: MailInvitee): string {
  const guests =
    invitee.guests > 0 ? ` (met ${invitee.guests} ${invitee.guests === 1 ? 'gast' : 'gasten'})` : '';
  switch (kind) {
    case 'bevestiging':
      return `Je antwoord is: ${invitee.answer ?? ''}${invitee.answer === 'Ja' ? guests : ''}.`;
    case 'wachtlijst':
      return 'Alle plaatsen zijn bezet. Je staat op de wachtlijst: komt er een plaats vrij, dan krijg je die en hoor je het van ons.';
    case 'promotie':
      return `Er is een plaats vrijgekomen en die is nu voor jou${guests}. Je aanmelding is bevestigd.`;
    case 'wijziging':
      return 'De bijeenkomst is gewijzigd. Hieronder staan de nieuwe gegevens; de agenda-bijlage werkt je agenda bij.';
    case 'afgelast':
      return 'De bijeenkomst gaat niet door. De bijlage haalt haar uit je agenda.';
    case 'herinnering':
      return 'We hebben nog geen antwoord van je. Laat je weten of je komt? Aanmelden kan tot de aanmeldtermijn verloopt.';
    case 'herinnering-bijeenkomst':
      return `Je hebt je aangemeld${guests}. We zien je graag op de bijeenkomst. Kun je toch niet komen? Laat het ons weten, dan geven we je plaats aan een ander.`;
  }
}

/** Whether the message carries the calendar file (an entry for those who come, or its cancellation). */
export function carriesCalendar(kind: MailKind, invitee: MailInvitee): boolean {
  if (kind === 'wachtlijst' || kind === 'herinnering') return false;
  if (kind === 'bevestiging')
    return (invitee.answer === 'Ja' && !invitee.waiting) || invitee.answer === 'Misschien';
  return true;
}

export function rsvpMail(kind: MailKind, event: MailEvent, invitee: MailInvitee, pageUrl: string) {
  const subject = subjectOf(kind, event.title);
  const lead = leadOf(kind, invitee);
  const details = [
    eventMoment(event),
    ...(event.location ? [event.location] : []),
    ...(event.onlineUrl ? [event.onlineUrl] : []),
  ];
  const action =
    kind === 'afgelast'
      ? undefined
      : kind === 'herinnering'
        ? 'Geef je antwoord'
        : 'Bekijk of wijzig je antwoord';
  const html = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1b2430">
<h1 style="font-size:22px">${escapeHtml(event.title)}</h1>
<p>${escapeHtml(lead)}</p>
<p>${details.map(escapeHtml).join('<br>')}</p>
${action ? `<p><a href="${escapeHtml(pageUrl)}">${action}</a></p>` : ''}
</body></html>`;
  const text = [
    event.title,
    '',
    lead,
    '',
    ...details,
    ...(action ? ['', `${action}: ${pageUrl}`] : []),
    '',
  ].join('\n');
  return { subject, html, text };
}
