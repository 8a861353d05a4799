import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify, useTranslate, type RaRecord } from 'react-admin';
import { declaredFormViewOf, saveOf } from './formViews';
import type { ResourceDeclaration } from './resourceDeclaration';
import { submissionErrors } from './submissionErrors';
import { useDeclaredSave, type SaveTarget } from './useDeclaredSave';

export interface DeclaredFormSubmit {
  /** For react-admin's `<Form onSubmit>`: resolves to submission errors when the save failed. */
  submit(values: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
  /** The server's message of the last failed save, until the next attempt. */
  serverError: string | undefined;
}

/**
 * The submit of a declared form. On success: `onSaved` (the panel closes) and the declared redirect
 * follows; the dataProvider has refreshed what the save changed (withAfterSave). On failure nothing moves: the
 * form keeps its input and shows the server's message.
 */
export function useDeclaredFormSubmit(
  declaration: ResourceDeclaration,
  name: string,
  target: SaveTarget,
  onSaved: (record: RaRecord) => void,
): DeclaredFormSubmit {
  const view = declaredFormViewOf(declaration, name);
  const save = saveOf(name, view);
  const saveRecord = useDeclaredSave(declaration, save, target);
  const notify = useNotify();
  const navigate = useNavigate();
  const translate = useTranslate();
  const [serverError, setServerError] = useState<string>();

  async function submit(values: Record<string, unknown>) {
    setServerError(undefined);
    let saved: RaRecord;
    try {
      saved = await saveRecord(values);
    } catch (error) {
      const errors = submissionErrors(error, view.fields, translate('declarative.form.saveFailed'));
      setServerError(errors.root.serverError);
      return errors;
    }
    onSaved(saved);
    notify(save === 'create' ? 'ra.notification.created' : 'ra.notification.updated', {
      messageArgs: { smart_count: 1 },
    });
    if (view.redirect) navigate(view.redirect(saved));
    return undefined;
  }

  return { submit, serverError };
}
