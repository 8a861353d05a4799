import type { FieldOption, FormFieldDetail } from '../contract/forms';
import { formFieldTypes, formTextLimits } from '../contract/formRules';
import { html, trustedHtml, type SafeHtml } from '../http/html';
import type { AnswerProblem, PublicForm } from './publicForm';

// The public form page: server-rendered Dutch HTML that works without script, on a phone and with a
// screen reader (labels, fieldset/legend per choice question, an error summary that links to the fields,
// errors tied to their field with aria-describedby).

/**
 * Headers of every public form page: no script at all (CSP without script-src), inline styles only,
 * forms post only to this origin, never framed, never cached (places left change by the minute).
 */
export const publicPageHeaders: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export interface FormPageModel {
  form: PublicForm;
  /** Where the form posts (its own address). */
  action: string;
  /** What the person typed or chose, kept when the page comes back with errors. */
  values?: Readonly<Record<string, string>>;
  problems?: readonly AnswerProblem[];
}

/** The form with its questions; with problems, an error summary on top and each message at its question. */
export function formPage({ form, action, values = {}, problems = [] }: FormPageModel): string {
  const problemOf = (field: FormFieldDetail) => problems.find((problem) => problem.fieldId === field.id);
  const general = problems.filter((problem) => problem.fieldId === null);
  return pageLayout(
    `${problems.length > 0 ? 'Fout: ' : ''}${form.title}`,
    html`<h1>${form.title}</h1>
      ${paragraphs(form.description)} ${problems.length > 0 ? errorSummary(form, problems) : ''}
      ${general.map((problem) => html`<p class="error-message">${problem.message}</p>`)}
      ${
        form.fields.length === 0
          ? html`<p>Dit formulier heeft nog geen vragen.</p>`
          : html`<form method="post" action="${action}">
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

/** After a successful submission (post, redirect, get). */
export function sentPage(form: PublicForm, formPath: string): string {
  return pageLayout(
    `Verzonden – ${form.title}`,
    html`<h1>Bedankt!</h1>
      <p role="status">Je antwoorden op '${form.title}' zijn verstuurd.</p>
      <a class="primary link-button" href="${formPath}">Nog een keer invullen</a>`,
  );
}

/** A page with one message, for a missing form, too many requests or an unexpected error. */
export function messagePage(title: string, message: string): string {
  return pageLayout(
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

function choiceQuestion(
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
    <legend>${field.label}</legend>
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
          required
          ${checked && html`checked`}
          ${option.isFull && html`disabled`}
        />
        <label for="option-${option.id}">${option.label} ${placesNote(option)}</label>
      </div>`;
    })}
  </fieldset>`;
}

function textQuestion(field: FormFieldDetail, value: string | undefined, problem?: AnswerProblem): SafeHtml {
  const errorId = `error-${field.id}`;
  return html`<div class="question${problem ? ' has-error' : ''}">
    <label class="question-label" for="field-${field.id}">${field.label}</label>
    ${problem ? errorMessage(errorId, problem.message) : ''}
    <textarea
      id="field-${field.id}"
      name="${field.id}"
      rows="3"
      maxlength="${formTextLimits.answer}"
      required
      ${problem ? html`aria-invalid="true" aria-describedby="${errorId}"` : ''}
    >
${value ?? ''}</textarea>
  </div>`;
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

const styles = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;padding:24px 16px;background:#eef2f7;color:#1b2430;
  font:18px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:640px;margin:0 auto;background:#fff;border-radius:12px;padding:28px 24px;
  box-shadow:0 1px 2px rgba(16,24,40,.06),0 8px 24px rgba(16,24,40,.08)}
h1{margin:0 0 12px;font-size:1.75rem;line-height:1.25}
h2{margin:0 0 8px;font-size:1.1rem}
p{margin:0 0 16px}
.description{color:#3d4a5c;white-space:pre-line}
.question{margin:0 0 28px;padding:0;border:0;min-width:0}
.question.has-error{border-left:4px solid #b42318;padding-left:14px}
legend,.question-label{display:block;margin:0 0 10px;padding:0;font-weight:700;font-size:1.1rem}
.choice{display:flex;align-items:center;gap:12px;margin:0 0 10px}
.choice input{width:26px;height:26px;margin:0;flex:none;accent-color:#1f5fbf}
.choice label{flex:1;padding:6px 0;cursor:pointer}
.choice.is-full label{color:#5b6577;cursor:not-allowed}
.places{color:#52607a;font-size:.95rem}
textarea{width:100%;padding:12px;border:2px solid #6b778c;border-radius:8px;font:inherit;resize:vertical}
textarea:focus,.choice input:focus-visible{outline:3px solid #ffbf47;outline-offset:1px}
.has-error textarea{border-color:#b42318}
.error-message{color:#b42318;font-weight:700;margin:0 0 10px}
.error-summary{margin:0 0 24px;padding:16px;border:4px solid #b42318;border-radius:8px}
.error-summary ul{margin:0;padding-left:20px}
.error-summary a{color:#b42318;font-weight:700}
.hint{color:#52607a}
.primary{display:inline-block;min-height:48px;padding:12px 24px;border:0;border-radius:8px;background:#1f5fbf;
  color:#fff;font:inherit;font-weight:700;cursor:pointer;text-decoration:none}
.primary:hover,.primary:focus-visible{background:#184c99}
.primary:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;
  clip:rect(0 0 0 0);white-space:nowrap;border:0}
@media (max-width:480px){body{padding:0;font-size:17px}main{border-radius:0;padding:20px 16px;min-height:100vh}
  .primary{width:100%}}
`;

/** A public page with the shared look (also the unsubscribe pages, delivery/unsubscribePage.ts). */
export function pageLayout(title: string, content: SafeHtml): string {
  return html`<!doctype html>
    <html lang="nl">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          ${trustedHtml(styles)}
        </style>
      </head>
      <body>
        <main>${content}</main>
      </body>
    </html>`.value;
}
