import { badRequest } from '../errors';

/** Trims a required text field; a value of only spaces counts as empty (400 naming the field). */
export function requiredText(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw badRequest(field, `Het veld '${field}' mag niet leeg zijn.`);
  return trimmed;
}
