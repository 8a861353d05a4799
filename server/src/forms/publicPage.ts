import type { FieldOption, FormFieldDetail } from '../contract/forms';
import { formFieldTypes, formTextLimits } from '../contract/formRules';
import { html, type SafeHtml } from '../http/html';
import { publicPage } from '../publicPages/layout';
import type { PageLook } from '../publicPages/pageLook';
import { formatClosingMoment } from './closing';
import type { AnswerProblem, PublicForm } from './publicForm';

// The public form page: server-rendered Dutch HTML that works without script, on a phone and with a
// screen reader (labels, fieldset/legend per choice question, an error summary that links to the fields,
// errors tied to their field with aria-describedby).

export interface FormPageModel {
  look: PageLook;
  form: PublicForm;
  /** Where the form posts (its own address). */
  action: string;
  /** What the person typed or chose, kept when the page comes back with errors. */
  values?: Readonly<Record<string, string>>;
  problems?: readonly AnswerProblem[];
}

/** The form with its questions; with problems, an error summary on top and each message at its question. */
export function formPage({ look, form, action, values = {}, problems = [] }: FormPageModel): string {
  const problemOf = (field: FormFieldDetail) => problems.find((problem) => problem.fieldId === field.id);
  const general = problems.filter((problem) => problem.fieldId === null);
  return publicPage(
    look,
    `${problems.length > 0 ? 'Fout: ' : ''}${form.title}`,
    html`<h1>${form.title}</h1>
      ${paragraphs(form.description)}
      ${form.closesAt ? html`<p class="notice">Je kunt dit formulier invullen tot ${formatClosingMoment(form.closesAt)}.</p>` : ''}
      ${problems.length > 0 ? errorSummary(form, problems) : ''}
      ${general.map((problem) => html`<p class="error-message">${problem.message}</p>`)}
      ${
        form.fields.length === 0
          ? html`<p>Dit formulier heeft nog geen vragen.</p>`
          : // novalidate: the server's own Dutch messages (error summary, message at the question) instead of
            // the browser's bubbles in the browser's language; `required` still tells assistive technology.
            html`<form method="post" action="${action}" novalidate>
              ${form.fields.map((field) =>
                field.type === formFieldTypes.radio
                  ? choiceQuestion(field, values[field.id], problemOf(field))
                  : textQuestion(field, values[field.id], problemOf(field)),
              )}
              <button class="primary" type="submit">Versturen</button>
            </form>`
      }`,
  );
}

/**
 * A closed form: its title and description, and in Dutch that it takes no more answers (since when, when
 * it closed at a set moment).
 */
export function closedFormPage(look: PageLook, form: PublicForm): string {
  return publicPage(
    look,
    `Gesloten – ${form.title}`,
    html`<h1>${form.title}</h1>
      ${paragraphs(form.description)}
      <p class="notice" role="status">
        ${
          form.closedSince
            ? `Dit formulier is gesloten sinds ${formatClosingMoment(form.closedSince)}.`
            : 'Dit formulier is gesloten.'
        }
        Je kunt geen antwoorden meer versturen.
      </p>`,
  );
}

/** After a successful submission (post, redirect, get). */
export function sentPage(look: PageLook, form: PublicForm, formPath: string): string {
  return publicPage(
    look,
    `Verzonden – ${form.title}`,
    html`<h1>Bedankt!</h1>
      <p role="status">Je antwoorden op '${form.title}' zijn verstuurd.</p>
      <a class="primary link-button" href="${formPath}">Nog een keer invullen</a>`,
  );
}

/** A page with one message, for a missing form, too many requests or an unexpected error. */
export function messagePage(look: PageLook, title: string, message: string): string {
  return publicPage(
    look,
    title,
    html`<h1>${title}</h1>
      <p>${message}</p>`,
  );
}

function errorSummary(form: PublicForm, problems: readonly AnswerProblem[]): SafeHtml {
  return html`<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
    <h2 id="error-summary-title">Er is een probleem</h2>
    <ul>
      ${problems.map((problem) => {
        const field = form.fields.find((candidate) => candidate.id === problem.fieldId);
        return field
          ? html`<li><a href="#${firstInputId(field)}">${problem.message}</a></li>`
          : html`<li>${problem.message}</li>`;
      })}
    </ul>
  </div>`;
}

/** A single-choice question as radio buttons in a fieldset (also asked on the RSVP answer page). */
export function choiceQuestion(
  field: FormFieldDetail,
  value: string | undefined,
  problem?: AnswerProblem,
): SafeHtml {
  const errorId = `error-${field.id}`;
  const allFull = field.options.length > 0 && field.options.every((option) => option.isFull);
  return html`<fieldset
    class="question${problem ? ' has-error' : ''}"
    id="field-${field.id}"
    ${problem ? html`aria-describedby="${errorId}"` : ''}
  >
    <legend>${field.label}${optionalNote(field)}</legend>
    ${problem ? errorMessage(errorId, problem.message) : ''}
    ${allFull ? html`<p class="hint">Alle keuzes zijn vol.</p>` : ''}
    ${field.options.map((option) => {
      const checked = !option.isFull && value?.toLowerCase() === option.id;
      return html`<div class="choice${option.isFull ? ' is-full' : ''}">
        <input
          type="radio"
          id="option-${option.id}"
          name="${field.id}"
          value="${option.id}"
          ${field.required && html`required`}
          ${checked && html`checked`}
          ${option.isFull && html`disabled`}
        />
        <label for="option-${option.id}">${option.label} ${placesNote(option)}</label>
      </div>`;
    })}
  </fieldset>`;
}

/** A text question: one line for a name, address or phone number, else a text area (also on the RSVP page). */
export function textQuestion(
  field: FormFieldDetail,
  value: string | undefined,
  problem?: AnswerProblem,
): SafeHtml {
  const errorId = `error-${field.id}`;
  const line = singleLineKind(field.label);
  const common = html`id="field-${field.id}" name="${field.id}" maxlength="${formTextLimits.answer}"
  ${field.required && html`required`}
  ${problem ? html`aria-invalid="true" aria-describedby="${errorId}"` : ''}`;
  return html`<div class="question${problem ? ' has-error' : ''}">
    <label class="question-label" for="field-${field.id}">${field.label}${optionalNote(field)}</label>
    ${problem ? errorMessage(errorId, problem.message) : ''}
    ${
      line
        ? html`<input
            type="${line.type}"
            autocomplete="${line.autocomplete}"
            ${common}
            value="${value ?? ''}"
          />`
        : html`<textarea ${common} rows="3">${value ?? ''}</textarea>`
    }
  </div>`;
}

/**
 * A question that asks for a name, an e-mail address or a phone number is answered on one line, with the
 * browser's autofill; any other text question gets a text area.
 */
function singleLineKind(label: string): { type: string; autocomplete: string } | undefined {
  if (/naam/i.test(label)) return { type: 'text', autocomplete: 'name' };
  if (/e-?mail/i.test(label)) return { type: 'email', autocomplete: 'email' };
  if (/telefoon/i.test(label)) return { type: 'tel', autocomplete: 'tel' };
  return undefined;
}

/** Required is the default; an optional question says so in its label. */
function optionalNote(field: FormFieldDetail): SafeHtml | string {
  return field.required ? '' : html` <span class="optional">(niet verplicht)</span>`;
}

function errorMessage(id: string, message: string): SafeHtml {
  return html`<p class="error-message" id="${id}"><span class="visually-hidden">Fout: </span>${message}</p>`;
}

/** '(vol)' for a full option, '(nog 2 plaatsen)' while places are limited, nothing when unlimited. */
function placesNote(option: FieldOption): SafeHtml | string {
  if (option.left === null) return '';
  if (option.isFull) return html`<span class="places">(vol)</span>`;
  return html`<span class="places">(nog ${option.left} ${option.left === 1 ? 'plaats' : 'plaatsen'})</span>`;
}

/** The element an error summary link jumps to: the first choice that can be made, or the text box. */
function firstInputId(field: FormFieldDetail): string {
  if (field.type !== formFieldTypes.radio) return `field-${field.id}`;
  const open = field.options.find((option) => !option.isFull);
  return open ? `option-${open.id}` : `field-${field.id}`;
}

/** The description as paragraphs: an empty line starts a new one. */
function paragraphs(text: string): SafeHtml[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => html`<p class="description">${paragraph}</p>`);
}
