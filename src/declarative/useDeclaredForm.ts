import { useNavigate } from 'react-router-dom';
import { useNotify, type RaRecord } from 'react-admin';
import { declaredFields } from './declaredFields';
import type { FieldDeclaration } from './fieldDeclaration';
import { formDefaults } from './formDefaults';
import { declaredFormViewOf, saveOf } from './formViews';
import type { ResourceDeclaration } from './resourceDeclaration';
import { submitLabelOf } from './submitLabel';
import { useDeclaredSave } from './useDeclaredSave';
import { useLabel } from './useLabel';
import { useSubmitWithServerError, type SubmitWithServerError } from './useSubmitWithServerError';
import type { FormOpening, FormView } from './viewDeclaration';

export interface DeclaredForm extends SubmitWithServerError {
  view: FormView<RaRecord>;
  fields: FieldDeclaration[];
  title: string;
  description?: string;
  notice?: string;
  submitLabel: string;
  defaultValues: Record<string, unknown>;
}

/**
 * Everything a declared form shows and does, for the slide-over and the page alike: its texts (with
 * the record's and call values' `%{name}`s filled in), fields, initial values and submit. A save sends
 * the transformed values, then `onSaved` runs (the panel closes), the success message shows and the
 * declared redirect follows; the dataProvider has refreshed what the save changed (withAfterSave). A
 * failed save moves nothing: the form keeps its input and shows the server's message.
 */
export function useDeclaredForm(
  declaration: ResourceDeclaration,
  name: string,
  opening: FormOpening,
  onSaved: (record: RaRecord) => void,
): DeclaredForm {
  const view = declaredFormViewOf(declaration, name);
  const fields = declaredFields(declaration, view.fields);
  const save = saveOf(name, view);
  const saveRecord = useDeclaredSave(declaration, save, opening);
  const notify = useNotify();
  const navigate = useNavigate();
  const label = useLabel();
  const values = { ...opening.meta, ...opening.record };

  const form = useSubmitWithServerError(
    (input) => saveRecord(view.transform ? view.transform(input, opening) : input),
    fields.map((field) => field.source),
    (saved, input) => {
      onSaved(saved);
      notify(
        // 'Lijst toegevoegd', not react-admin's 'Element aangemaakt': the message names what happened.
        view.successMessage ??
          (save === 'create' ? 'declarative.notification.created' : 'declarative.notification.updated'),
        {
          type: 'success',
          messageArgs: {
            smart_count: 1,
            ...values,
            ...input,
            ...saved,
            resource: label(declaration.label.one),
            _: view.successMessage,
          },
        },
      );
      if (view.redirect) navigate(view.redirect(saved, opening));
    },
  );

  return {
    ...form,
    view,
    fields,
    title: label(view.title, values),
    description: view.description && label(view.description, values),
    notice: view.notice && label(view.notice, values),
    submitLabel: submitLabelOf(name, view),
    defaultValues: { ...formDefaults(fields), ...view.defaultValues?.(opening) },
  };
}
