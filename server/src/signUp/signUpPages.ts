import { signUpFieldLabels } from '../contract/signUp';
import { html, type SafeHtml } from '../http/html';
import { publicPage } from '../publicPages/layout';
import type { PageLook } from '../publicPages/pageLook';
import type { PendingSignUp } from './confirmation';
import type { FormField, LoadedSignUpForm } from './publicSignUpForm';
import {
  consentField,
  honeypotField,
  listField,
  timeTokenField,
  type PostedValues,
  type SignUpProblem,
} from './submission';

// The hosted sign-up pages: server-rendered Dutch HTML in the environment's theme that works without
// script, on a phone and with a screen reader (labels, a fieldset for the lists, an error summary that
// links to the fields, errors tied to their field with aria-describedby). The honeypot is out of sight and
// out of the tab order, and named so that a person who reaches it anyway knows to leave it empty.

export interface SignUpPageModel {
  look: PageLook;
  form: LoadedSignUpForm;
  action: string;
  timeToken: string;
  values?: PostedValues;
  problems?: readonly SignUpProblem[];
  /** A refusal that belongs to no field (too fast, too old). */
  notice?: string;
}

const inputId = (field: string) => `veld-${field}`;

function single(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

function errorMessage(id: string, message: string): SafeHtml {
  return html`<p class="error-message" id="${id}"><span class="visually-hidden">Fout: </span>${message}</p>`;
}

function textField(
  field: string,
  label: string,
  options: { required: boolean; type: string; autocomplete: string; value: string; problem?: SignUpProblem },
): SafeHtml {
  const errorId = `fout-${field}`;
  return html`<div class="question${options.problem ? ' has-error' : ''}">
    <label class="question-label" for="${inputId(field)}"
      >${label}${options.required ? '' : html` <span class="optional">(niet verplicht)</span>`}</label
    >
    ${options.problem ? errorMessage(errorId, options.problem.message) : ''}
    <input
      class="text-input"
      id="${inputId(field)}"
      name="${field}"
      type="${options.type}"
      autocomplete="${options.autocomplete}"
      maxlength="${field === 'email' ? 254 : 200}"
      value="${options.value}"
      ${options.required ? html`required` : ''}
      ${options.problem ? html`aria-invalid="true" aria-describedby="${errorId}"` : ''}
    />
  </div>`;
}

const autocompleteOf: Record<FormField['field'], string> = {
  name: 'name',
  initials: 'off',
  firstName: 'given-name',
  middleName: 'additional-name',
  lastName: 'family-name',
  phoneNumber: 'tel',
  address: 'street-address',
  postalCode: 'postal-code',
  city: 'address-level2',
  country: 'country-name',
};

export function signUpFormPage(model: SignUpPageModel): string {
  const { look, form, action, values = {}, problems = [], notice } = model;
  const problemOf = (field: string) => problems.find((problem) => problem.field === field);
  const chosen = new Set(
    (Array.isArray(values[listField]) ? values[listField] : [values[listField] ?? '']).filter(Boolean),
  );
  const listProblem = problemOf(listField);
  const consentProblem = problemOf(consentField);
  const anchorOf = (field: string) =>
    field === listField ? inputId(`lijst-${form.lists[0]?.id}`) : inputId(field);
  return publicPage(
    look,
    `${problems.length > 0 || notice ? 'Fout: ' : ''}${form.name}`,
    html`<h1>${form.name}</h1>
      ${notice ? html`<p class="error-summary" role="alert">${notice}</p>` : ''}
      ${
        problems.length > 0
          ? html`<div class="error-summary" role="alert" aria-labelledby="fouten-titel">
              <h2 id="fouten-titel">Er is een probleem</h2>
              <ul>
                ${problems.map(
                  (problem) => html`<li><a href="#${anchorOf(problem.field)}">${problem.message}</a></li>`,
                )}
              </ul>
            </div>`
          : ''
      }
      <form method="post" action="${action}" novalidate>
        <input type="hidden" name="${timeTokenField}" value="${model.timeToken}" />
        ${textField('email', 'E-mailadres', {
          required: true,
          type: 'email',
          autocomplete: 'email',
          value: single(values.email),
          problem: problemOf('email'),
        })}
        ${form.fields.map((field) =>
          textField(field.field, signUpFieldLabels[field.field], {
            required: field.required,
            type: field.field === 'phoneNumber' ? 'tel' : 'text',
            autocomplete: autocompleteOf[field.field],
            value: single(values[field.field]),
            problem: problemOf(field.field),
          }),
        )}
        <fieldset
          class="question${listProblem ? ' has-error' : ''}"
          ${listProblem ? html`aria-describedby="fout-lijst"` : ''}
        >
          <legend>Ik wil graag ontvangen</legend>
          ${listProblem ? errorMessage('fout-lijst', listProblem.message) : ''}
          ${form.lists.map(
            (list) =>
              html`<div class="choice">
                <input
                  id="${inputId(`lijst-${list.id}`)}"
                  type="checkbox"
                  name="${listField}"
                  value="${list.id}"
                  ${chosen.has(list.id) || form.lists.length === 1 ? html`checked` : ''}
                />
                <label for="${inputId(`lijst-${list.id}`)}">${list.title}</label>
              </div>`,
          )}
        </fieldset>
        <div class="question${consentProblem ? ' has-error' : ''}">
          ${consentProblem ? errorMessage('fout-toestemming', consentProblem.message) : ''}
          <div class="choice">
            <input
              id="${inputId(consentField)}"
              type="checkbox"
              name="${consentField}"
              value="ja"
              required
              ${single(values[consentField]) === 'ja' ? html`checked` : ''}
              ${consentProblem ? html`aria-invalid="true" aria-describedby="fout-toestemming"` : ''}
            />
            <label for="${inputId(consentField)}" class="description">${form.consent.text}</label>
          </div>
        </div>
        <div class="trap" aria-hidden="true">
          <label for="${inputId(honeypotField)}">Laat dit veld leeg</label>
          <input
            id="${inputId(honeypotField)}"
            name="${honeypotField}"
            type="text"
            tabindex="-1"
            autocomplete="off"
          />
        </div>
        <button class="primary" type="submit">Aanmelden</button>
      </form>`,
  );
}

export function checkMailPage(look: PageLook, form: LoadedSignUpForm): string {
  return publicPage(
    look,
    `Controleer je mail – ${form.name}`,
    html`<h1>Controleer je mail</h1>
      <p role="status">
        We hebben je een e-mail gestuurd. Klik op de link in die e-mail om je aanmelding te bevestigen. Pas
        daarna ben je aangemeld.
      </p>
      <p>Geen e-mail gekregen? Kijk ook in je map met ongewenste e-mail. De link werkt 7 dagen.</p>`,
  );
}

export function confirmPage(
  look: PageLook,
  form: LoadedSignUpForm,
  pending: PendingSignUp,
  action: string,
): string {
  return publicPage(
    look,
    `Bevestig je aanmelding – ${form.name}`,
    html`<h1>Bevestig je aanmelding</h1>
      <p>Je meldt ${pending.email} aan voor:</p>
      <ul>
        ${pending.lists.map((list) => html`<li>${list.title}</li>`)}
      </ul>
      <form method="post" action="${action}">
        <button class="primary" type="submit">Bevestigen</button>
      </form>`,
  );
}

export function confirmedPage(look: PageLook, form: LoadedSignUpForm): string {
  return publicPage(
    look,
    `Aanmelding bevestigd – ${form.name}`,
    html`<h1>Aanmelding bevestigd</h1>
      <p class="notice description" role="status">${form.confirmedText}</p>`,
  );
}
