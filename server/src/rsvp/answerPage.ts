import type { FormFieldDetail } from '../contract/forms';
import { formFieldTypes } from '../contract/formRules';
import { choiceQuestion, textQuestion } from '../forms/publicPage';
import type { AnswerProblem } from '../forms/publicForm';
import { html, type SafeHtml } from '../http/html';
import { publicPage } from '../publicPages/layout';
import type { PageLook } from '../publicPages/pageLook';
import { answersClosed } from './eventRules';
import type { InvitationEvent, Invitee } from './publicInvitation';
import { rsvpAnswers, type RsvpAnswer } from './rsvpAddress';
import { eventMoment } from './rsvpMails';

// The invitee's page: the event, places left, their answer as it stands, and a form (radio buttons
// with the answer from the email's button preselected, guests when allowed, 'Bevestigen'). Server-rendered
// Dutch HTML without script, like every public page (publicPages/layout.ts).

export interface AnswerPageModel {
  look: PageLook;
  event: InvitationEvent;
  invitee: Invitee;
  /** The page's own address: the form posts here, the calendar file is beside it. */
  action: string;
  calendarPath: string;
  /** The answer to preselect (the email's button), else the current one. */
  chosen?: RsvpAnswer;
  /** Shown on top: the answer just recorded, or why it was not. */
  notice?: { kind: 'saved' | 'refused'; text: string };
  /** The invitation form's questions (none without a form), asked for 'Ja' and 'Misschien'. */
  questions: readonly FormFieldDetail[];
  /** What was typed or chosen (question id → option id or text), kept when the page comes back refused. */
  values?: Readonly<Record<string, string>>;
  problems?: readonly AnswerProblem[];
  now: Date;
}

function statusOf(invitee: Invitee): string {
  if (invitee.answer === null) return 'Je hebt nog niet geantwoord.';
  if (invitee.waiting) return 'Je staat op de wachtlijst.';
  const guests =
    invitee.answer === 'Ja' && invitee.guests > 0
      ? ` (met ${invitee.guests} ${invitee.guests === 1 ? 'gast' : 'gasten'})`
      : '';
  return `Je antwoord: ${invitee.answer}${guests}.`;
}

/** Places not taken (0 for an event without a limit, whose `places` is 0). */
const freePlaces = (event: InvitationEvent) => Math.max(0, event.places - event.acceptedPersons);

/**
 * What the page says once an answer is recorded (`event` as the answer left it): a 'Ja' on the waiting
 * list says why (all places taken, or too few for the guests), and a mail is promised only to an address
 * that gets one: the RSVP mails skip addresses unsubscribed from everything (mailOutbox.ts).
 */
export function answerSavedText(
  event: InvitationEvent,
  invitee: Pick<Invitee, 'waiting' | 'guests'>,
  { mailed, environmentName }: { mailed: boolean; environmentName: string },
): string {
  const noMail = `Je hebt je afgemeld voor berichten van ${environmentName}, dus`;
  if (!invitee.waiting)
    return mailed
      ? 'Je antwoord is opgeslagen. Je krijgt een bevestiging per e-mail.'
      : `Je antwoord is opgeslagen. ${noMail} je krijgt geen bevestiging per e-mail.`;
  const left = freePlaces(event);
  const why =
    left > 0
      ? `Er ${left === 1 ? 'is nog 1 plaats' : `zijn nog ${left} plaatsen`} vrij, niet genoeg voor jou en je ${invitee.guests === 1 ? 'gast' : 'gasten'}: je staat op de wachtlijst. Wil je een vrije plaats? Antwoord dan opnieuw met minder gasten.`
      : 'Alle plaatsen zijn bezet: je staat op de wachtlijst.';
  return mailed
    ? `${why} Komt er een plaats vrij, dan krijg je een e-mail.`
    : `${why} ${noMail} je krijgt geen e-mail: kijk later op deze pagina of je een plaats hebt.`;
}

function placesLeft(event: InvitationEvent): string {
  if (event.places === 0) return '';
  const left = freePlaces(event);
  if (left === 0) return event.waitingList ? 'Vol: je kunt je aanmelden voor de wachtlijst.' : 'Vol.';
  return `Nog ${left} ${left === 1 ? 'plaats' : 'plaatsen'} vrij.`;
}

function details(event: InvitationEvent): SafeHtml {
  return html`<dl class="details">
    <dt>Wanneer</dt>
    <dd>${eventMoment(event)}</dd>
    ${
      event.location
        ? html`<dt>Waar</dt>
            <dd>${event.location}</dd>`
        : ''
    }
    ${
      event.onlineUrl
        ? html`<dt>Online</dt>
            <dd><a href="${event.onlineUrl}">${event.onlineUrl}</a></dd>`
        : ''
    }
  </dl>`;
}

export function answerPage(model: AnswerPageModel): string {
  const { event, invitee, look } = model;
  const closed = answersClosed(event, model.now);
  const cancelled = event.cancelledAt !== null;
  const chosen = model.chosen ?? (invitee.answer as RsvpAnswer | null) ?? undefined;
  const answers = rsvpAnswers.filter((answer) => answer !== 'Misschien' || event.allowMaybe);
  const comes = invitee.answer === 'Misschien' || (invitee.answer === 'Ja' && !invitee.waiting);
  const places = placesLeft(event);
  return publicPage(
    look,
    `${model.notice?.kind === 'refused' ? 'Niet opgeslagen: ' : ''}${event.title}`,
    html`<h1>${event.title}</h1>
      ${
        model.notice
          ? html`<p class="notice" role="${model.notice.kind === 'refused' ? 'alert' : 'status'}">
              ${model.notice.text}
            </p>`
          : ''
      }
      ${details(event)}
      <p>${statusOf(invitee)}</p>
      ${cancelled ? html`<p class="notice">Deze bijeenkomst is afgelast.</p>` : ''}
      ${!cancelled && closed ? html`<p class="notice">De aanmeldtermijn is verlopen.</p>` : ''}
      ${!cancelled && !closed && places ? html`<p class="places">${places}</p>` : ''}
      ${
        !cancelled && !closed
          ? // novalidate: the server's Dutch messages; a required question is only required with Ja/Misschien.
            html`<form method="post" action="${model.action}" novalidate>
              <fieldset class="question">
                <legend>Kom je?</legend>
                ${answers.map(
                  (answer) =>
                    html`<div class="choice">
                      <input
                        type="radio"
                        id="antwoord-${answer}"
                        name="antwoord"
                        value="${answer}"
                        ${answer === chosen ? 'checked' : ''}
                        required
                      />
                      <label for="antwoord-${answer}">${answer}</label>
                    </div>`,
                )}
              </fieldset>
              ${event.maxGuests > 0 ? guestsQuestion(event.maxGuests, invitee.guests) : ''}
              ${questionsPart(model)}
              <button class="primary" type="submit">Bevestigen</button>
            </form>`
          : ''
      }
      ${
        comes && !cancelled
          ? html`<p><a href="${model.calendarPath}" download="uitnodiging.ics">Zet in je agenda</a></p>`
          : ''
      }`,
  );
}

/** The form's questions under their own heading, filled with what was given before (or just typed). */
function questionsPart(model: AnswerPageModel): SafeHtml | string {
  const { questions, invitee, problems = [] } = model;
  if (questions.length === 0) return '';
  const values = model.values ?? storedValues(questions, invitee.questionAnswers);
  return html`<h2>Als je komt</h2>
    <p class="hint">Deze vragen beantwoord je bij 'Ja' of 'Misschien'.</p>
    ${questions.map((field) => {
      const problem = problems.find((candidate) => candidate.fieldId === field.id);
      return field.type === formFieldTypes.radio
        ? choiceQuestion(field, values[field.id], problem)
        : textQuestion(field, values[field.id], problem);
    })}`;
}

/** The answers stored with the invitee as the inputs' values: a choice by its option's label, text as is. */
function storedValues(
  questions: readonly FormFieldDetail[],
  stored: readonly { fieldId: string; answer: string }[],
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { fieldId, answer } of stored) {
    const field = questions.find((candidate) => candidate.id === fieldId);
    if (!field) continue;
    values[fieldId] =
      field.type === formFieldTypes.radio
        ? (field.options.find((option) => option.label === answer)?.id ?? '')
        : answer;
  }
  return values;
}

function guestsQuestion(maxGuests: number, current: number): SafeHtml {
  return html`<div class="question">
    <label class="question-label" for="gasten">Aantal gasten (als je komt)</label>
    <select id="gasten" name="gasten">
      ${Array.from(
        { length: maxGuests + 1 },
        (_, count) =>
          html`<option value="${String(count)}" ${count === current ? 'selected' : ''}>
            ${String(count)}
          </option>`,
      )}
    </select>
  </div>`;
}

/** A link that is forged, altered, expired or of an invitation that no longer exists. */
export function deadLinkPage(look: PageLook): string {
  return publicPage(
    look,
    'Link werkt niet',
    html`<h1>Deze link werkt niet</h1>
      <p>
        De link is onvolledig, verlopen of hoort bij een uitnodiging die niet meer bestaat. Gebruik de knop in
        het bericht zelf.
      </p>`,
  );
}
