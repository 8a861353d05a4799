import { requiredFieldMessage } from '../contract/formRules';
import { badRequest } from '../errors';

/**
 * Trimmed text of a required field; blank (only spaces) answers 400 naming the field with the Dutch
 * required message, e.g. 'Naam is een verplicht veld'.
 */
export function requiredText(value: string, field: string, fieldName: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw badRequest(field, requiredFieldMessage(fieldName));
  return trimmed;
}

/** Trimmed optional text; missing, null or blank is stored as ''. */
export function optionalText(value: string | null | undefined): string {
  return value?.trim() ?? '';
}
