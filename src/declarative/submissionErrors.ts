import { HttpError } from 'react-admin';
import { serverMessage } from '../dataProvider/serverMessage';

export interface SubmissionErrors {
  root: { serverError: string };
  [field: string]: unknown;
}

/**
 * Turns a failed save into react-admin submission errors: `root.serverError` carries the server's
 * message (react-admin notifies it) and, when the server names a field of this form
 * (`{field: 'email'}`), that input shows it as well.
 */
export function submissionErrors(
  error: unknown,
  formSources: readonly string[],
  fallbackMessage: string,
): SubmissionErrors {
  const message = serverMessage(error, fallbackMessage);
  const field: unknown = error instanceof HttpError ? error.body?.field : undefined;
  const fieldError = typeof field === 'string' && formSources.includes(field) ? { [field]: message } : {};
  return { root: { serverError: message }, ...fieldError };
}
