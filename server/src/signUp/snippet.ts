import { signUpFieldLabels, type SignUpFieldName } from '../contract/signUp';
import { escapeHtml } from '../rendering/escapeHtml';
import type { FormField } from './publicSignUpForm';

// The HTML a municipality pastes into its own site: a plain form posting to the hosted page, no script,
// no style of its own (the site's styles apply). It carries no time token (a pasted snippet is months
// old when it is used): a post without one is held to the per-form and per-address limits, the honeypot
// and the mailed confirmation, and lands on the hosted 'check je mail' page.

export interface SnippetForm {
  action: string;
  lists: readonly { id: string; title: string }[];
  fields: readonly FormField[];
  consentText: string;
}

const autocomplete: Partial<Record<SignUpFieldName, string>> = {
  name: 'name',
  firstName: 'given-name',
  middleName: 'additional-name',
  lastName: 'family-name',
  phoneNumber: 'tel',
  address: 'street-address',
  postalCode: 'postal-code',
  city: 'address-level2',
  country: 'country-name',
};

export function signUpSnippet(form: SnippetForm): string {
  const e = escapeHtml;
  const id = (name: string) => `aanmelden-${name}`;
  const lines = [`<form method="post" action="${e(form.action)}" accept-charset="utf-8">`];
  lines.push(
    '  <p>',
    `    <label for="${id('email')}">E-mailadres</label>`,
    `    <input id="${id('email')}" name="email" type="email" autocomplete="email" required>`,
    '  </p>',
  );
  for (const field of form.fields) {
    const label = signUpFieldLabels[field.field] + (field.required ? '' : ' (niet verplicht)');
    const complete = autocomplete[field.field];
    lines.push(
      '  <p>',
      `    <label for="${id(field.field)}">${e(label)}</label>`,
      `    <input id="${id(field.field)}" name="${field.field}" type="text"${complete ? ` autocomplete="${complete}"` : ''}${field.required ? ' required' : ''}>`,
      '  </p>',
    );
  }
  lines.push('  <fieldset>', '    <legend>Ik wil graag ontvangen</legend>');
  for (const list of form.lists) {
    lines.push(
      `    <p><input id="${id(list.id)}" name="lijst" type="checkbox" value="${list.id}"${form.lists.length === 1 ? ' checked' : ''}>`,
      `    <label for="${id(list.id)}">${e(list.title)}</label></p>`,
    );
  }
  lines.push('  </fieldset>');
  lines.push(
    `  <p><input id="${id('toestemming')}" name="toestemming" type="checkbox" value="ja" required>`,
    `  <label for="${id('toestemming')}">${e(form.consentText)}</label></p>`,
    '  <p style="position:absolute;left:-10000px" aria-hidden="true">',
    `    <label for="${id('website')}">Laat dit veld leeg</label>`,
    `    <input id="${id('website')}" name="website" type="text" tabindex="-1" autocomplete="off">`,
    '  </p>',
    '  <p><button type="submit">Aanmelden</button></p>',
    '</form>',
  );
  return lines.join('\n');
}
