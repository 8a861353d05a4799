import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { submissionErrors } from './submissionErrors';

export interface SubmitWithServerError {
  /** For react-admin's `<Form onSubmit>`: resolves to submission errors when the save failed. */
  submit(values: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
  /**
   * The server's message of the last failed save, until the next attempt (shown by `<FormHead>`);
   * undefined when the message shows under the field it is about.
   */
  serverError: string | undefined;
}

/**
 * The one submit pattern of the console's forms: run `save`; on success hand its result to `onSaved`;
 * on failure keep the form as it is, show the server's Dutch message and mark the field it names.
 * A submit while a save is under way is ignored: a double click on 'Verspreiden' or 'Toevoegen' must
 * not send or create twice (the button is disabled too, FormSubmit, but only once React has drawn it).
 */
export function useSubmitWithServerError<TResult>(
  save: (values: Record<string, unknown>) => Promise<TResult>,
  formSources: readonly string[],
  onSaved: (result: TResult, values: Record<string, unknown>) => void,
): SubmitWithServerError {
  const translate = useTranslate();
  const [serverError, setServerError] = useState<string>();
  const saving = useRef(false);

  async function submit(values: Record<string, unknown>) {
    if (saving.current) return undefined;
    saving.current = true;
    setServerError(undefined);
    let result: TResult;
    try {
      result = await save(values);
    } catch (error) {
      const errors = submissionErrors(error, formSources, translate('declarative.form.saveFailed'));
      // Shown once: under the field the server names, or else above the inputs (never also as a toast).
      const namesField = Object.keys(errors).some((key) => key !== 'root');
      setServerError(namesField ? undefined : errors.root.serverError);
      return errors;
    } finally {
      saving.current = false;
    }
    onSaved(result, values);
    return undefined;
  }

  return { submit, serverError };
}
