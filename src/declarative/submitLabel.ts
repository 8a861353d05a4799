import type { RaRecord } from 'react-admin';
import type { Label } from './label';
import type { FormView } from './viewDeclaration';

/** 'Toevoegen' for the create form, 'Opslaan' for the others, unless the form names its own. */
export function submitLabelOf(name: string, view: FormView<RaRecord>): Label {
  return view.submitLabel ?? (name === 'create' ? 'declarative.form.add' : 'declarative.form.save');
}
