import { badRequest } from '../errors';
import { fieldLabel } from '../contract/fieldLabels';

// The checks of text input that the contract's schemas cannot make (blank after trimming, an address),
// one module for every area. Messages in the console's words: 'Naam is een verplicht veld'.

/** A pragmatic address check: something@domain.tld, no spaces, one @ (the console checks the same). */
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Whether a (trimmed) text is an e-mail address by the rule above. */
export function isEmailAddress(value: string): boolean {
  return emailPattern.test(value);
}

/** Trimmed text, or a 400 naming the field when it is missing or blank: '{label} is een verplicht veld'. */
export function requiredText(value: string | null | undefined, field: string, label: string): string {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) throw badRequest(field, `${label} is een verplicht veld`);
  return trimmed;
}

/** Trimmed text; blank becomes `null` (not filled in). */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed ? trimmed : null;
}

/** A required, trimmed e-mail address, or a 400 naming the field. Case is kept as entered. */
export function requiredEmail(value: string | null | undefined, field: string, label: string): string {
  const email = requiredText(value, field, label);
  if (!isEmailAddress(email))
    throw badRequest(field, `${fieldLabel(field)} moet een geldig e-mailadres zijn.`);
  return email;
}
